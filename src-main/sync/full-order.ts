import { unlessNotFound } from '../api-client/api-error';
import type { WorkOrdersApi } from '../api-client/work-orders-api';
import type { WorkOrder } from '../../src-shared/api/work-order';

/**
 * One order's full answer with its milestones (when each state was reached), which are their own
 * route. Kept in the order's document, so the timeline has its dates offline; fetched whenever the
 * full answer is (a refresh, or a pull of an order whose list item changed), or the next full answer
 * would drop them. A marketplace without the route (404) is no loss; any other failure fails the
 * read like the order's own would.
 */
export async function fetchFullOrder(workOrders: Pick<WorkOrdersApi, 'get' | 'milestones'>, id: number, signal: AbortSignal): Promise<WorkOrder> {
  const [answer, milestones] = await Promise.all([workOrders.get(id, { signal }), unlessNotFound(() => workOrders.milestones(id, { signal }))]);
  return milestones ? { ...answer, milestones } : answer;
}
