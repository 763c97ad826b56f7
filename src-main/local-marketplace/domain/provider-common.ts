import type { Timestamp } from '../../../src-shared/api/common';
import type { StatusSlug } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError } from '../http/errors';
import { preparedStatement } from '../store/database';
import { domainEvent, emitAfterCommit } from './work-order-lifecycle';
import { timestampAt } from './work-order-milestones';
import { addressOf, statusOf, type WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';
import { timeZoneFor } from './work-order-time-zones';

// What the provider-side resources (requests, swaps, messages, time logs, shipments) share: the
// order's local time, the people on either side, the envelope, the errors and the events.

/** A moment at the order's service location, as every timestamp of its sub-resources is shown. */
export function orderTimestamp(record: WorkOrderRecord, ms: number): Timestamp {
  return timestampAt(ms, timeZoneFor(addressOf(record)));
}

/** A sub-resource list comes whole: one page holding every record. */
export function wholeList<Item>(results: Item[]) {
  return { metadata: { total: results.length, page: 1, pages: results.length > 0 ? 1 : 0, per_page: results.length }, results };
}

interface UserRow {
  id: number;
  company_id: number | null;
  role: 'manager' | 'provider';
  first_name: string;
  last_name: string;
}

function findUser(context: MarketplaceContext, userId: number): UserRow | undefined {
  return preparedStatement(context, 'SELECT id, company_id, role, first_name, last_name FROM users WHERE id = ?').get(userId) as UserRow | undefined;
}

/** A person as other records embed them (authors, requesters, swap parties). */
export function personSummary(context: MarketplaceContext, userId: number) {
  const user = findUser(context, userId);
  return { id: userId, first_name: user?.first_name ?? null, last_name: user?.last_name ?? null, thumbnail: '' };
}

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

/** The 400 of a provider's step the order's status does not allow, in the words of decisions §2. */
export function stepNotAllowed(step: string, record: WorkOrderRecord): MarketplaceError {
  return new MarketplaceError('INVALID_TRANSITION', `Can not ${step}: work order is ${statusOf(record.status).name}`);
}

/** The assigned provider's steps: the order must be in one of `statuses` (Assigned unless said), to this provider. */
export function requireAssignee(record: WorkOrderRecord, providerId: number, step: string, statuses: readonly StatusSlug[] = ['assigned']): void {
  if (!statuses.includes(record.status)) throw stepNotAllowed(step, record);
  if (record.assigneeId !== providerId) {
    throw invalidInput(`Can not ${step}: provider ${providerId} is not the assignee of work order ${record.id}`, ['provider_id']);
  }
}

/** Emits one event about the order, which keeps its status (`previous` is the same). */
export function announce(context: MarketplaceContext, name: string, record: WorkOrderRecord, userId: number, at: number): void {
  emitAfterCommit(context, [domainEvent(name, record, record.status, userId, at)]);
}
