import type { Statement } from 'better-sqlite3';
import type { OutboxStep } from '../../src-shared/domain/history-entry';
import type { CacheDatabase } from '../db/database';
import { operationOf } from './operations/index';
import type { StoredEntry } from './outbox-store';

/** Steps kept for the orders' histories; older ones go. About 2,500 changes at four steps each. */
export const OUTBOX_EVENTS_KEPT = 10_000;

export interface StepDetail {
  /** Queued while the app could not reach the marketplace or worked offline. */
  offline?: boolean;
  /** Which attempt a send was (1 for the first). */
  attempt?: number;
  /** The marketplace's words on a refusal, or the failure to be retried. */
  reason?: string;
}

/** One step of an entry's life as the log keeps it. */
export interface LoggedStep {
  id: number;
  entryId: string;
  kind: string;
  workOrderId: number | null;
  step: OutboxStep;
  at: number;
  summary: string;
  detail: StepDetail;
}

interface StepRow {
  id: number;
  entry_id: string;
  kind: string;
  work_order_id: number | null;
  step: OutboxStep;
  at: number;
  summary: string;
  detail: string | null;
}

/**
 * The log of each outbox entry's steps (`outbox_events`, migration 0024), for an order's history.
 * Every `record` runs inside the transaction of the change it records (the caller's), so a crash
 * keeps both or neither; it never opens a transaction of its own.
 */
export class OutboxLog {
  readonly #insert: Statement;
  readonly #prune: Statement;
  readonly #forOrders: (ids: readonly number[]) => StepRow[];
  readonly #temporaryIds: Statement;

  constructor(db: CacheDatabase) {
    this.#insert = db.prepare('INSERT INTO outbox_events (entry_id, kind, work_order_id, step, at, summary, detail) VALUES (?, ?, ?, ?, ?, ?, ?)');
    // Ids only grow (the oldest rows are the ones removed), so "the last KEPT" is an id range: no scan.
    this.#prune = db.prepare('DELETE FROM outbox_events WHERE id <= ?');
    const one = db.prepare('SELECT * FROM outbox_events WHERE work_order_id = ? ORDER BY id DESC');
    this.#forOrders = (ids) => ids.flatMap((id) => one.all(id) as StepRow[]);
    this.#temporaryIds = db.prepare('SELECT temp FROM outbox_ids WHERE real = ?').pluck();
  }

  /** Writes a step of `entry` (summary as the entry says it now); the caller's transaction holds it. */
  record(entry: StoredEntry, step: OutboxStep, at: number, detail: StepDetail = {}): void {
    const summary = operationOf(entry.kind).summary(entry.input, entry.context);
    const written = Object.keys(detail).length > 0 ? JSON.stringify(detail) : null;
    const id = Number(this.#insert.run(entry.id, entry.kind, entry.workOrderId, step, at, summary, written).lastInsertRowid);
    if (id > OUTBOX_EVENTS_KEPT) this.#prune.run(id - OUTBOX_EVENTS_KEPT);
  }

  /** Every step logged for an order, newest first, those logged under the temporary id it had while its create waited included. */
  forOrder(workOrderId: number): LoggedStep[] {
    const ids = [workOrderId, ...(workOrderId > 0 ? (this.#temporaryIds.all(workOrderId) as number[]) : [])];
    return this.#forOrders(ids)
      .map((row) => ({ id: row.id, entryId: row.entry_id, kind: row.kind, workOrderId: row.work_order_id, step: row.step, at: row.at, summary: row.summary, detail: row.detail === null ? {} : (JSON.parse(row.detail) as StepDetail) }))
      .sort((a, b) => b.id - a.id);
  }
}
