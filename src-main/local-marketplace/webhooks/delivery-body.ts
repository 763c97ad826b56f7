import type { WebhookDelivery } from '../../../src-shared/api/webhook';
import type { MarketplaceContext } from '../context';
import type { DomainEvent } from '../domain-events';
import { presenterFor } from '../domain/work-order-presenter';
import { workOrderRepository } from '../domain/work-order-repository';

/**
 * The body of decisions §7 for one event, as the exact text every webhook and every attempt sends:
 * built once, when the event happens, so a retry shows the order as it was then, and the signature
 * covers the stored bytes.
 */
export function deliveryBody(context: MarketplaceContext, event: DomainEvent): string {
  const record = workOrderRepository(context).find(event.workOrderId);
  const body: WebhookDelivery = {
    event: {
      name: event.name,
      params: { work_order_id: event.workOrderId, status_id: event.statusId, previous_status_id: event.previousStatusId },
    },
    timestamp: new Date(event.at).toISOString(),
    triggered_by_user: { id: event.triggeredByUserId },
    workorder: record ? presenterFor(context).workOrder(record) : null,
  };
  return JSON.stringify(body);
}
