import { hash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { CacheDatabase } from '../db/database';
import type { StatusSlug } from '../../src-shared/api/status';
import { WORK_ORDER_LIST_MEMBERS } from '../../src-shared/api/work-order-list';
import { statusIds } from '../db/work-order-query';
import type { PullScope } from './pull-scope';
import type { WorkOrderRepository } from '../db/work-order-repository';
import { serializeWorkOrder, type SerializedWorkOrder } from '../db/work-order-writes';

/** What the cache holds of an order the pull just listed. */
export interface CachedPullState {
  /** An outbox change waits for it: the pull leaves it alone. */
  pending: boolean;
  /** Null for an order cached before the pull kept state. */
  fingerprint: string | null;
  complete: boolean;
}

export interface PulledOrder extends SerializedWorkOrder {
  /** Of the list item, whichever document is stored. */
  fingerprint: string;
  /** The document is the full answer of GET workorders/{id}. */
  complete: boolean;
}

/** Identifies a list item's content, from its JSON text: equal fingerprints mean nothing the list shows changed. */
export const listFingerprint = (json: string): string => hash('sha1', json, 'base64');

/**
 * The cached document is an order's list item, not its full answer: no folders, tasks or
 * description yet. An order cached before the pull kept state (no fingerprint) counts as full, as the pull treats it.
 */
export const holdsListItemOnly = (state: CachedPullState | undefined): boolean => state !== undefined && state.fingerprint !== null && !state.complete;

/** A list item ready to store: its text is made once, for the document and the fingerprint. */
export function pulledListItem(item: WorkOrder): PulledOrder {
  const json = JSON.stringify(item);
  return { order: item, json, fingerprint: listFingerprint(json), complete: false };
}

/**
 * The pull's side of the cache: the work order repository's writes plus `work_order_pull_state`,
 * each batch in one transaction so an order and its state never disagree.
 */
export class SyncCache {
  readonly #lookup: Statement;
  readonly #upsertState: Statement;
  readonly #withProblems: Statement;
  readonly #unpendingIds: Statement;
  readonly #deleteOrder: Statement;
  readonly #deleteSearch: Statement;
  readonly #isPending: Statement;
  readonly #pendingAmong: Statement;
  readonly #anyPending: Statement;
  readonly #inFlightIds: Statement;
  readonly #lastRun: Statement;
  readonly #markRun: Statement;
  readonly #storeAll: (orders: readonly PulledOrder[]) => number;
  readonly #deleteAll: (ids: readonly number[]) => void;

  constructor(
    db: CacheDatabase,
    readonly workOrders: WorkOrderRepository,
    now: () => number = Date.now,
  ) {
    this.#lookup = db.prepare(
      `SELECT w.id, w.pending, s.list_fingerprint, s.complete FROM work_orders w
       LEFT JOIN work_order_pull_state s ON s.id = w.id WHERE w.id IN (SELECT value FROM json_each(?))`,
    );
    this.#upsertState = db.prepare(
      `INSERT INTO work_order_pull_state (id, list_fingerprint, complete) VALUES (?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET list_fingerprint = excluded.list_fingerprint, complete = excluded.complete`,
    );
    this.#withProblems = db.prepare('SELECT id FROM work_orders WHERE open_problems > 0 AND pending = 0').pluck();
    // Negative ids are offline drafts the service has not seen yet.
    this.#unpendingIds = db.prepare('SELECT id FROM work_orders WHERE pending = 0 AND id > 0').pluck();
    this.#deleteOrder = db.prepare('DELETE FROM work_orders WHERE id = ?');
    this.#deleteSearch = db.prepare('DELETE FROM work_orders_search WHERE rowid = ?');
    this.#isPending = db.prepare('SELECT pending FROM work_orders WHERE id = ?').pluck();
    this.#pendingAmong = db.prepare('SELECT id FROM work_orders WHERE pending = 1 AND id IN (SELECT value FROM json_each(?))').pluck();
    this.#anyPending = db.prepare('SELECT EXISTS (SELECT 1 FROM work_orders WHERE pending = 1)').pluck();
    const inFlight = statusIds(WORK_ORDER_LIST_MEMBERS.workorders_in_flight as readonly StatusSlug[]);
    this.#inFlightIds = db.prepare(`SELECT id FROM work_orders WHERE status_id IN (${inFlight.join(', ')}) AND pending = 0 AND id > 0`).pluck();
    this.#lastRun = db.prepare('SELECT finished_at FROM work_order_pull_runs WHERE scope = ?').pluck();
    this.#markRun = db.prepare('INSERT INTO work_order_pull_runs (scope, finished_at) VALUES (?, ?) ON CONFLICT(scope) DO UPDATE SET finished_at = excluded.finished_at');
    this.#storeAll = db.transaction((orders: readonly PulledOrder[]) => {
      // Checked inside the transaction: the outbox may have marked an order while its answer was on the way.
      const pending = new Set(this.#pendingAmong.all(JSON.stringify(orders.map(({ order }) => order.id))) as number[]);
      const writable = pending.size === 0 ? orders : orders.filter(({ order }) => !pending.has(order.id));
      this.workOrders.writeMany(writable, now());
      for (const { order, fingerprint, complete } of writable) this.#upsertState.run(order.id, fingerprint, complete ? 1 : 0);
      return writable.length;
    });
    this.#deleteAll = db.transaction((ids: readonly number[]) => {
      // The search index is contentless: nothing cascades into it.
      for (const id of ids) {
        this.#deleteSearch.run(id);
        this.#deleteOrder.run(id);
      }
    });
  }

  /** The cached state of these orders; absent ones are not cached. */
  lookup(ids: readonly number[]): Map<number, CachedPullState> {
    const rows = this.#lookup.all(JSON.stringify(ids)) as { id: number; pending: number; list_fingerprint: string | null; complete: number | null }[];
    return new Map(rows.map((row) => [row.id, { pending: row.pending === 1, fingerprint: row.list_fingerprint, complete: row.complete === 1 }]));
  }

  /** Whether the cache holds only this order's list item (see `holdsListItemOnly`). */
  listItemOnly(id: number): boolean {
    return holdsListItemOnly(this.lookup([id]).get(id));
  }

  /** Writes the orders, except those with an outbox change; answers how many it wrote. */
  store(orders: readonly PulledOrder[]): number {
    return orders.length > 0 ? this.#storeAll(orders) : 0;
  }

  /** See `WorkOrderRepository.beginBulkLoad`: for the pull's listing of an empty cache. */
  beginBulkLoad(): boolean {
    return this.workOrders.beginBulkLoad();
  }

  endBulkLoad(): void {
    this.workOrders.endBulkLoad();
  }

  /**
   * Stores an order's full answer fetched outside a pull (the coordinator opened it). The list item
   * it came from is unknown, so an order without one gets an empty fingerprint: the next pull then
   * fetches its details once more rather than trust a guess. False when an outbox change waits.
   */
  storeFullAnswer(order: WorkOrder): boolean {
    const fingerprint = this.lookup([order.id]).get(order.id)?.fingerprint ?? '';
    return this.store([{ ...serializeWorkOrder(order), fingerprint, complete: true }]) === 1;
  }

  /** Removes an order the service says is gone, unless an outbox change waits for it; answers whether it did. */
  deleteUnlessPending(id: number): boolean {
    if (this.#isPending.get(id) === 1) return false;
    this.#deleteAll([id]);
    return true;
  }

  /** Whether any order has an outbox change waiting: the cache's counts then differ from the service's on purpose. */
  hasPending(): boolean {
    return this.#anyPending.get() === 1;
  }

  /** Cached orders in flight (published, routed, assigned, work done), outbox changes and offline drafts aside. */
  inFlightIds(): number[] {
    return this.#inFlightIds.all() as number[];
  }

  /** Epoch ms when a pull of that scope last finished; null before the first. */
  lastPulledAt(scope: PullScope): number | null {
    return (this.#lastRun.get(scope) as number | undefined) ?? null;
  }

  markPulled(scope: PullScope, at: number): void {
    this.#markRun.run(scope, at);
  }

  /** Cached orders the cache counts as having an open problem, outbox changes aside. */
  idsWithProblems(): number[] {
    return this.#withProblems.all() as number[];
  }

  /** Removes the orders the service no longer lists, except those with an outbox change; answers how many. */
  deleteAllExcept(listed: ReadonlySet<number>): number {
    const gone = (this.#unpendingIds.all() as number[]).filter((id) => !listed.has(id));
    if (gone.length > 0) this.#deleteAll(gone);
    return gone.length;
  }
}
