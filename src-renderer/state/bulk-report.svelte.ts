import type { WorkOrder } from '../../src-shared/api/work-order';
import type { OrderActionName } from '../../src-shared/domain/action-labels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { discardEntry, retryEntry } from '../services/outbox';
import { outbox } from './outbox.svelte';
import { allowsAction as allows } from '../../src-shared/domain/work-order-rules';
import { messageOf } from '../lib/errors';

/**
 * - `waiting`: queued, the marketplace has not answered yet;
 * - `applied`: the marketplace took it (the entry left the outbox);
 * - `refused`: the marketplace said no, with its reason;
 * - `not-allowed`: never queued, the order's status does not allow the action;
 * - `failed`: could not be queued at all;
 * - `undone`: taken back inside the undo window, never sent.
 */
export type BulkOutcome = 'waiting' | 'applied' | 'refused' | 'not-allowed' | 'failed' | 'undone';

export interface BulkRow {
  id: number;
  /** The order as it was when the action started: what is sent again on a retry. */
  order: WorkOrder;
  title: string;
  outcome: BulkOutcome;
  entryId?: string;
  reason?: string;
}

/** A bulk action's report, one row per order, followed live as the outbox sends each. */
export class BulkReport {
  readonly operation: OrderActionName;
  rows = $state.raw<BulkRow[]>([]);
  #stop: (() => void) | undefined;

  constructor(operation: OrderActionName, orders: readonly WorkOrder[]) {
    this.operation = operation;
    this.rows = orders.map((order) => ({
      id: order.id,
      order,
      title: order.title ?? 'Untitled',
      outcome: allows(operation, order) ? 'waiting' : 'not-allowed',
      ...(allows(operation, order) ? {} : { reason: `Not allowed while ${order.status?.name ?? 'in its status'}` }),
    }));
  }

  counts = $derived.by(() => {
    const counts: Record<BulkOutcome, number> = { waiting: 0, applied: 0, refused: 0, 'not-allowed': 0, failed: 0, undone: 0 };
    for (const row of this.rows) counts[row.outcome] += 1;
    return counts;
  });
  done = $derived(this.rows.every((row) => row.outcome !== 'waiting'));
  retryable = $derived(this.rows.filter((row) => row.outcome === 'refused' || row.outcome === 'failed'));

  /** Queues each allowed order in turn (each its own outbox entry), then follows the outbox. */
  async queue(send: (order: WorkOrder) => Promise<OutboxReceipt>): Promise<void> {
    this.#send = send;
    for (const row of this.rows) {
      if (row.outcome !== 'waiting') continue;
      await this.#queueOne(row.id);
    }
    this.#follow();
  }

  #send: ((order: WorkOrder) => Promise<OutboxReceipt>) | undefined;

  async #queueOne(id: number): Promise<void> {
    const order = this.rows.find((row) => row.id === id)?.order;
    if (!order || !this.#send) return;
    try {
      const receipt = await this.#send(order);
      this.#patch(id, { outcome: 'waiting', entryId: receipt.entryId, reason: undefined });
    } catch (error) {
      this.#patch(id, { outcome: 'failed', reason: messageOf(error, 'Could not be queued') });
    }
  }

  /** Takes back every change still waiting (assign, approve and cancel wait out the undo window first). */
  async undoAll(): Promise<void> {
    for (const row of this.rows) {
      if (row.outcome !== 'waiting' || !row.entryId) continue;
      try {
        await discardEntry(row.entryId);
        this.#patch(row.id, { outcome: 'undone', reason: undefined });
      } catch {
        // Already on the wire or applied: the outbox's answer will say which.
      }
    }
  }

  /** Refused entries go back to the front of their line; failed ones are queued again. */
  async retryFailures(): Promise<void> {
    for (const row of this.retryable) {
      if (row.outcome === 'refused' && row.entryId) {
        this.#patch(row.id, { outcome: 'waiting', reason: undefined });
        await retryEntry(row.entryId).catch((error: unknown) => this.#patch(row.id, { outcome: 'failed', reason: messageOf(error, 'Could not be retried') }));
      } else await this.#queueOne(row.id);
    }
    this.#follow();
  }

  close(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  /** Follows the outbox store until every row has its outcome (or the report closes). */
  #follow(): void {
    this.#stop ??= outbox.follow((entries) => this.#settle(entries));
  }

  /** Each queued row as the outbox has it now: gone is applied, refused says why. */
  #settle(list: readonly OutboxEntry[]): void {
    const entries: Record<string, OutboxEntry> = Object.fromEntries(list.map((entry) => [entry.id, entry]));
    this.rows = this.rows.map((row) => {
      if (!row.entryId || (row.outcome !== 'waiting' && row.outcome !== 'refused')) return row;
      const entry = entries[row.entryId];
      if (!entry) return { ...row, outcome: 'applied', reason: undefined };
      if (entry.state === 'refused') return { ...row, outcome: 'refused', reason: entry.error?.message ?? 'Refused by the marketplace' };
      return row;
    });
    if (this.done) this.close();
  }

  #patch(id: number, patch: Partial<BulkRow>): void {
    this.rows = this.rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
  }
}
