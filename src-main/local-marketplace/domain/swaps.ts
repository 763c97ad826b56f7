import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError, notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { requireAssignee, requireOrder, requireProviderUser } from './provider-common';
import { orderTimestamp, personSummary, wholeList } from './work-order-parts';
import { type Actor, notAllowed } from './work-order-lifecycle';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';
import { assignWorkOrder, unassignWorkOrder } from './work-order-transitions';

interface SwapRow {
  id: string;
  work_order_id: number;
  from_provider_id: number;
  to_provider_id: number;
  state: 'pending' | 'accepted' | 'declined';
  notes: string;
  created_at: number;
  decided_at: number | null;
}

/** What the assigned provider asks: hand the order to another provider. */
export interface SwapAsk {
  workOrderId: number;
  providerId: number;
  toProviderId: number;
  notes?: string;
}

function presentSwap(context: MarketplaceContext, record: WorkOrderRecord, row: SwapRow) {
  return {
    id: row.id,
    work_order: { id: row.work_order_id },
    from: personSummary(context, row.from_provider_id),
    to: personSummary(context, row.to_provider_id),
    status: row.state,
    notes: row.notes,
    created: orderTimestamp(record, row.created_at),
    decided: row.decided_at === null ? null : orderTimestamp(record, row.decided_at),
    actions: row.state === 'pending' ? ['accept', 'decline'] : [],
  };
}

function rowsOf(context: MarketplaceContext, workOrderId: number): SwapRow[] {
  return preparedStatement(context, 'SELECT * FROM swap_requests WHERE work_order_id = ? ORDER BY created_at, id').all(workOrderId) as SwapRow[];
}

/**
 * The assigned provider asks to hand the order over (decisions §6). One swap waits at a time. Ids
 * are strings (the spec's `swap_request_id`), numbered per order so a run is reproducible.
 */
export function askSwap(context: MarketplaceContext, ask: SwapAsk): ReturnType<typeof presentSwap> {
  const now = context.clock.now();
  return context.db.transaction(() => {
    const record = requireOrder(context, ask.workOrderId);
    requireProviderUser(context, ask.providerId, 'provider_id');
    requireAssignee(record, ask.providerId, 'ask to swap');
    requireProviderUser(context, ask.toProviderId, 'to_provider_id');
    if (ask.toProviderId === ask.providerId) throw invalidInput('Can not ask to swap: the provider would hand the order to themselves', ['to_provider_id']);
    const existing = rowsOf(context, record.id);
    const waiting = existing.find((row) => row.state === 'pending');
    if (waiting) throw invalidInput(`Can not ask to swap: swap request ${waiting.id} of work order ${record.id} is still pending`, ['work_order_id']);
    const id = `swap-${record.id}-${existing.length + 1}`;
    preparedStatement(context, 'INSERT INTO swap_requests (id, work_order_id, from_provider_id, to_provider_id, notes, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      record.id,
      ask.providerId,
      ask.toProviderId,
      ask.notes ?? '',
      now,
    );
    return presentSwap(context, record, rowsOf(context, record.id).find((row) => row.id === id) as SwapRow);
  })();
}

/** GET workorders/{id}/swaps: every swap the order's providers asked for. */
export function listSwaps(context: MarketplaceContext, record: WorkOrderRecord) {
  return wholeList(rowsOf(context, record.id).map((row) => presentSwap(context, record, row)));
}

/** The swap, still pending, of an order still assigned to the provider who asked. */
function pendingSwap(context: MarketplaceContext, actor: Actor, workOrderId: number, swapId: string, step: string): { record: WorkOrderRecord; swap: SwapRow } {
  const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
  const swap = rowsOf(context, record.id).find((row) => row.id === swapId);
  if (!swap) throw notFound(`Swap request ${swapId} of work order ${record.id}`);
  if (swap.state !== 'pending') throw new MarketplaceError('INVALID_TRANSITION', `Can not ${step}: swap request ${swapId} is already ${swap.state}`);
  if (record.status !== 'assigned') throw notAllowed(step, record.status);
  if (record.assigneeId !== swap.from_provider_id) {
    throw new MarketplaceError('INVALID_TRANSITION', `Can not ${step}: provider ${swap.from_provider_id} who asked is no longer the assignee`);
  }
  return { record, swap };
}

function decide(context: MarketplaceContext, actor: Actor, swap: SwapRow, state: 'accepted' | 'declined'): void {
  preparedStatement(context, 'UPDATE swap_requests SET state = ?, decided_at = ?, decided_by = ? WHERE id = ?').run(state, context.clock.now(), actor.userId, swap.id);
}

/**
 * Moves the assignee to the provider the swap names: unassign and assign, as the buyer would, so
 * milestones stay and the events say what happened; all of it or none in one transaction.
 */
export function acceptSwap(context: MarketplaceContext, actor: Actor, workOrderId: number, swapId: string): { success: true } {
  context.db.transaction(() => {
    const { record, swap } = pendingSwap(context, actor, workOrderId, swapId, 'accept the swap');
    unassignWorkOrder(context, actor, record.id);
    assignWorkOrder(context, actor, record.id, swap.to_provider_id);
    decide(context, actor, swap, 'accepted');
  })();
  return { success: true };
}

export function declineSwap(context: MarketplaceContext, actor: Actor, workOrderId: number, swapId: string): { success: true } {
  context.db.transaction(() => decide(context, actor, pendingSwap(context, actor, workOrderId, swapId, 'decline the swap').swap, 'declined'))();
  return { success: true };
}
