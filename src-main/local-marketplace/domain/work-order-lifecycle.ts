import type { StatusSlug } from '../../../src-shared/api/status';
import { canTransition, type WorkOrderOperation } from '../../../src-shared/api/transitions';
import type { MarketplaceContext } from '../context';
import type { DomainEvent } from '../domain-events';
import { MarketplaceError } from '../http/errors';
import { perDatabase, preparedStatement } from '../store/database';
import { statusIdOf, statusOf, type WorkOrderRecord } from './work-order-record';
import { workOrderRepository, type WorkOrderRepository } from './work-order-repository';

/** Who asks for a change: the signed-in user, or the provider the simulation acts for. */
export interface Actor {
  userId: number;
  companyId: number;
}

/** How a message names an operation: by itself, but for `incomplete`. */
const verbOf = (operation: WorkOrderOperation): string => (operation === 'incomplete' ? 'mark incomplete' : operation);

/**
 * The 400 of decisions §2, "Can not revert: work order is Assigned", for every step a status
 * refuses: the buyer's operations, the provider's steps, the changes of an order's sub-resources.
 */
export function notAllowed(verb: string, status: StatusSlug): MarketplaceError {
  return new MarketplaceError('INVALID_TRANSITION', `Can not ${verb}: work order is ${statusOf(status).name}`);
}

// Events of a change made inside a caller's transaction (a swap is an unassign and an assign)
// wait in a temporary table until that transaction ends: SQLite rolls them back with it, so a
// change that was undone is never announced. Creating the table inside a transaction that rolls
// back undoes it too, hence `IF NOT EXISTS` before each use.
const PENDING_EVENTS_TABLE = 'CREATE TEMP TABLE IF NOT EXISTS pending_domain_events (id INTEGER PRIMARY KEY, event TEXT NOT NULL)';

/** Whether events may be waiting: emitting outside any transaction reads the table only then. */
const outbox = perDatabase(() => ({ holding: false }));

/** Emits the committed events that waited, oldest first, before anything newer. */
function releaseHeldEvents(context: MarketplaceContext): void {
  const state = outbox(context);
  if (!state.holding || !context.db.open || context.db.inTransaction) return;
  state.holding = false;
  context.db.exec(PENDING_EVENTS_TABLE);
  const rows = preparedStatement(context, 'SELECT event FROM temp.pending_domain_events ORDER BY id').all() as { event: string }[];
  preparedStatement(context, 'DELETE FROM temp.pending_domain_events').run();
  for (const row of rows) context.events.emit(JSON.parse(row.event) as DomainEvent);
}

/**
 * Runs listeners once the change is committed: at once, or after the caller's own transaction
 * (and never if it rolls back). Either way in order: held events go before newer ones.
 */
export function emitAfterCommit(context: MarketplaceContext, events: readonly DomainEvent[]): void {
  if (events.length === 0) return;
  if (context.db.inTransaction) {
    context.db.exec(PENDING_EVENTS_TABLE);
    const hold = preparedStatement(context, 'INSERT INTO temp.pending_domain_events (event) VALUES (?)');
    for (const event of events) hold.run(JSON.stringify(event));
    outbox(context).holding = true;
    queueMicrotask(() => releaseHeldEvents(context));
    return;
  }
  releaseHeldEvents(context);
  for (const event of events) context.events.emit(event);
}

export function domainEvent(name: string, record: WorkOrderRecord, previous: StatusSlug | null, triggeredByUserId: number, at: number): DomainEvent {
  return {
    name,
    workOrderId: record.id,
    companyId: record.companyId,
    statusId: statusIdOf(record.status),
    // A new order had no status before; 0 says so in a number.
    previousStatusId: previous === null ? 0 : statusIdOf(previous),
    triggeredByUserId,
    at,
  };
}

/** What a change did: the events to emit, or that the order was already there and nothing changed. */
type ChangeResult = readonly string[] | 'unchanged';

export interface ChangeStep {
  record: WorkOrderRecord;
  repository: WorkOrderRepository;
  now: number;
}

/**
 * Moves the order into `to`. The first entry into a state stamps its milestone; routes are open
 * only while Routed; a sub-status lives only while Assigned (decisions §1).
 */
export function moveTo({ record, repository, now }: ChangeStep, to: StatusSlug): void {
  if (record.status === 'routed' && to !== 'routed') {
    repository.closeRoutes(record.id);
    delete record.data.routedFrom;
  }
  if (to !== 'assigned') {
    record.subStatus = '';
    record.data.delay = 0;
  }
  record.status = to;
  record.data.milestones[to] ??= now;
}

/**
 * One change of one order in one transaction: load it for the actor's company, check the
 * transition table, apply, save, and emit after commit. `apply` mutates the record, or answers
 * `unchanged` before touching anything.
 */
export function changeWorkOrder(
  context: MarketplaceContext,
  actor: Actor,
  workOrderId: number,
  operation: WorkOrderOperation,
  apply: (step: ChangeStep) => ChangeResult,
): WorkOrderRecord {
  const repository = workOrderRepository(context);
  const now = context.clock.now();
  const { record, events } = context.db.transaction(() => {
    const record = repository.findForCompany(actor.companyId, workOrderId);
    if (!canTransition(operation, record.status)) throw notAllowed(verbOf(operation), record.status);
    const previous = record.status;
    const result = apply({ record, repository, now });
    if (result === 'unchanged') return { record, events: [] };
    record.updatedAt = now;
    repository.update(record);
    return { record, events: result.map((name) => domainEvent(name, record, previous, actor.userId, now)) };
  })();
  emitAfterCommit(context, events);
  return record;
}
