import type { StatusSlug } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';
import { invalidInput } from '../http/errors';
import { findUser } from './providers';
import { domainEvent, emitAfterCommit, notAllowed } from './work-order-lifecycle';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

// What the provider-side resources (requests, swaps, messages, time logs, shipments) share: the
// people on either side, the checks of a provider's step and its events. How they present what
// every sub-resource has (time, people, the list envelope) is in `work-order-parts.ts`.

/** A message's sender or recipient; `role` says which side they are on. */
export function participant(context: MarketplaceContext, userId: number) {
  const user = findUser(context, userId);
  return {
    id: userId,
    name: user ? `${user.first_name} ${user.last_name}` : null,
    role: user?.role === 'provider' ? 'provider' : 'buyer',
    thumbnail: '',
  };
}

/** The provider a body names; 400 naming the field when the id is not a provider's. */
export function requireProviderUser(context: MarketplaceContext, providerId: number, field: string): void {
  if (findUser(context, providerId)?.role !== 'provider') throw invalidInput(`Provider ${providerId} not found`, [field]);
}

/** An order the simulation names in its body: any company's (providers work for every buyer). */
export function requireOrder(context: MarketplaceContext, workOrderId: number): WorkOrderRecord {
  const record = workOrderRepository(context).find(workOrderId);
  if (!record) throw invalidInput(`Work order ${workOrderId} not found`, ['work_order_id']);
  return record;
}

/** The assigned provider's steps: the order must be in one of `statuses` (Assigned unless said), to this provider. */
export function requireAssignee(record: WorkOrderRecord, providerId: number, step: string, statuses: readonly StatusSlug[] = ['assigned']): void {
  if (!statuses.includes(record.status)) throw notAllowed(step, record.status);
  if (record.assigneeId !== providerId) {
    throw invalidInput(`Can not ${step}: provider ${providerId} is not the assignee of work order ${record.id}`, ['provider_id']);
  }
}

/** Emits one event about the order, which keeps its status (`previous` is the same). */
export function announce(context: MarketplaceContext, name: string, record: WorkOrderRecord, userId: number, at: number): void {
  emitAfterCommit(context, [domainEvent(name, record, record.status, userId, at)]);
}
