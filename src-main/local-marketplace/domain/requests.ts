import type { PayInput } from '../../../src-shared/api/pay';
import type { ProviderRequest } from '../../../src-shared/api/provider';
import type { MarketplaceContext } from '../context';
import { notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { providerProfile } from './providers';
import { announce, requireOrder, requireProviderUser } from './provider-common';
import { wholeList } from './work-order-parts';
import { type ProposedExpense, presentRequest, type RequestData, type RequestRow } from './provider-request-presenter';
import { scheduleStart, statusIdOf, type WorkOrderRecord } from './work-order-record';
import { notAllowed } from './work-order-lifecycle';
import { workOrderRepository } from './work-order-repository';

const HOUR = 3_600_000;
/** When a provider names no arrival and the order has no schedule: a day after the request. */
const DEFAULT_LEAD_TIME = 24 * HOUR;
const DEFAULT_HOUR_ESTIMATE = 2;

/** What a provider sends with a request; with `counter`, it is a counter-offer. */
export interface RequestTerms {
  workOrderId: number;
  providerId: number;
  notes?: string;
  expiresInSeconds: number;
  eta?: { start?: number; end?: number; hourEstimate?: number };
  counter?: { pay?: PayInput; expenses?: ProposedExpense[]; notes?: string };
}

const REQUESTABLE: readonly string[] = ['published', 'routed'];

function hourEstimateOf(terms: RequestTerms, pay: PayInput): number {
  if (terms.eta?.hourEstimate !== undefined) return terms.eta.hourEstimate;
  if (terms.eta?.start !== undefined && terms.eta.end !== undefined) return Math.round(((terms.eta.end - terms.eta.start) / HOUR) * 100) / 100;
  return pay.type === 'hourly' && pay.base.units ? pay.base.units : DEFAULT_HOUR_ESTIMATE;
}

/**
 * Writes a request made at `at` with the order's terms, or the counter-offer's, in place of the
 * provider's open one. Checks nothing and announces nothing: `createRequest` does, the demo seed
 * does not.
 */
export function storeRequest(context: MarketplaceContext, record: WorkOrderRecord, terms: RequestTerms, at: number): RequestRow {
  const pay = terms.counter?.pay ?? record.data.fields.pay ?? { type: 'fixed', base: { amount: 0 } };
  const start = terms.eta?.start ?? scheduleStart(record.data.fields) ?? at + DEFAULT_LEAD_TIME;
  const hourEstimate = hourEstimateOf(terms, pay);
  const data: RequestData = {
    notes: terms.notes ?? '',
    counterNotes: terms.counter?.notes ?? '',
    eta: { mode: terms.eta?.end === undefined ? 'exact' : 'between', start, end: terms.eta?.end ?? start + hourEstimate * HOUR, hourEstimate },
    pay,
    expenses: terms.counter?.expenses ?? [],
  };
  preparedStatement(context, "UPDATE provider_requests SET state = 'inactive', closed_at = ? WHERE work_order_id = ? AND provider_id = ? AND state = 'open'").run(
    at,
    record.id,
    terms.providerId,
  );
  const id = Number(
    preparedStatement(context, 'INSERT INTO provider_requests (work_order_id, provider_id, counter, created_at, expires_at, data) VALUES (?, ?, ?, ?, ?, ?)').run(
      record.id,
      terms.providerId,
      terms.counter ? 1 : 0,
      at,
      at + terms.expiresInSeconds * 1000,
      JSON.stringify(data),
    ).lastInsertRowid,
  );
  return findRow(context, record.id, id) as RequestRow;
}

/**
 * A provider requests a published or routed order (decisions §6), or counters its terms. A
 * provider's newer request replaces their open one, which becomes inactive.
 */
export function createRequest(context: MarketplaceContext, terms: RequestTerms): ProviderRequest {
  const now = context.clock.now();
  const { record, row } = context.db.transaction(() => {
    const record = requireOrder(context, terms.workOrderId);
    requireProviderUser(context, terms.providerId, 'provider_id');
    if (!REQUESTABLE.includes(record.status)) throw notAllowed('request', record.status);
    return { record, row: storeRequest(context, record, terms, now) };
  })();
  announce(context, 'workorder.requested', record, terms.providerId, now);
  return presentRequest(context, record, row);
}

function findRow(context: MarketplaceContext, workOrderId: number, requestId: number): RequestRow | undefined {
  return preparedStatement(context, 'SELECT * FROM provider_requests WHERE id = ? AND work_order_id = ?').get(requestId, workOrderId) as RequestRow | undefined;
}

function rowsOf(context: MarketplaceContext, workOrderId: number): RequestRow[] {
  return preparedStatement(context, 'SELECT * FROM provider_requests WHERE work_order_id = ? ORDER BY id').all(workOrderId) as RequestRow[];
}

/** GET workorders/{id}/requests: every request the order received, open or closed (`active` tells). */
export function listRequests(context: MarketplaceContext, record: WorkOrderRecord) {
  return { ...wholeList(rowsOf(context, record.id).map((row) => presentRequest(context, record, row))), actions: [] };
}

/** One request of the order; 404 when it is another order's or unknown. */
export function findRequest(context: MarketplaceContext, record: WorkOrderRecord, requestId: number): ProviderRequest {
  const row = findRow(context, record.id, requestId);
  if (!row) throw notFound(`Request ${requestId} of work order ${record.id}`);
  return presentRequest(context, record, row);
}

/** The open requests, not expired, oldest first: what the buyer can still assign from. */
export function openRequests(context: MarketplaceContext, record: WorkOrderRecord): ProviderRequest[] {
  const rows = preparedStatement(context, "SELECT * FROM provider_requests WHERE work_order_id = ? AND state = 'open' AND expires_at > ? ORDER BY id").all(
    record.id,
    context.clock.now(),
  ) as RequestRow[];
  return rows.map((row) => presentRequest(context, record, row));
}

/**
 * `providers?list=find_providers_pending_assignment`: the open requests, each as its provider's
 * profile carrying the request under `request`, as models.txt's User does (`User.request`).
 */
export function providersPendingAssignment(context: MarketplaceContext, record: WorkOrderRecord) {
  const results = openRequests(context, record).flatMap((request) => {
    const profile = request.user ? providerProfile(context, request.user.id) : undefined;
    return profile ? [{ ...profile, request }] : [];
  });
  return wholeList(results);
}

/**
 * Closes the order's open requests: the assignee's (if open and not expired) is accepted, every
 * other one becomes inactive. With no assignee (unpublished, cancelled), all become inactive.
 */
export function closeOpenRequests(context: MarketplaceContext, workOrderId: number, assigneeId: number | null, at: number): void {
  preparedStatement(
    context,
    "UPDATE provider_requests SET state = CASE WHEN provider_id = ? AND expires_at > ? THEN 'accepted' ELSE 'inactive' END, closed_at = ? WHERE work_order_id = ? AND state = 'open'",
  ).run(assigneeId ?? -1, at, at, workOrderId);
}

const BEFORE_ASSIGNMENT: ReadonlySet<number> = new Set((['created', 'published', 'routed'] as const).map(statusIdOf));
const NO_LONGER_REQUESTABLE: ReadonlySet<string> = new Set(['workorder.status.draft', 'workorder.status.deleted']);

/**
 * Requests close when the order is assigned (decisions §6), unpublished or cancelled. The order's
 * domain events are the hook: every path to those states emits one, so no transition needs to
 * know about requests. Runs after the change commits, before the route answers.
 */
export function closeRequestsOnOrderChanges(context: MarketplaceContext): () => void {
  return context.events.subscribe((event) => {
    try {
      if (event.name === 'workorder.status.assigned' && BEFORE_ASSIGNMENT.has(event.previousStatusId)) {
        const assigneeId = workOrderRepository(context).find(event.workOrderId)?.assigneeId ?? null;
        closeOpenRequests(context, event.workOrderId, assigneeId, event.at);
      } else if (NO_LONGER_REQUESTABLE.has(event.name)) {
        closeOpenRequests(context, event.workOrderId, null, event.at);
      }
    } catch (error) {
      context.logger.error('marketplace: closing requests failed', { workOrderId: event.workOrderId, error });
    }
  });
}
