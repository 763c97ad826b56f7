import type { Statement } from 'better-sqlite3';
import type { InboxKind } from '../../src-shared/ipc/inbox';
import type { CacheDatabase } from './database';
import { inboxRepository } from './inbox-repository';
import { perDatabase } from './per-database';

/*
 * What reached the Inbox since a cursor, for the desktop notice (issue 28): inbox ids grow with each
 * new row (a row written again keeps its id), so "new" is every unread row above the highest id the
 * last look saw. Each statement walks the rowid's own range, never the table: a burst costs its size
 * at 1,000,000 orders as at ten.
 */

/** The highest id: the last entry of the rowid's b-tree. */
export const NEWEST_INBOX_ID_SQL = 'SELECT COALESCE(MAX(id), 0) FROM inbox_items';
/** New, unread, of the kinds asked: already read (older than two weeks when first cached, or read since) is not news. */
const ARRIVED = `FROM inbox_items WHERE id > @after AND id <= @newest AND read_at IS NULL AND kind IN (SELECT value FROM json_each(@kinds))`;
export const ARRIVED_TOTALS_SQL = `SELECT kind, late, COUNT(*) AS count ${ARRIVED} GROUP BY kind, late`;
export const ARRIVED_ORDERS_SQL = `SELECT COUNT(DISTINCT work_order_id) AS orders, MIN(work_order_id) AS first, MAX(work_order_id) AS last ${ARRIVED}`;
export const ARRIVED_LATEST_SQL = `SELECT work_order_id AS workOrderId, kind, late, who, what ${ARRIVED} ORDER BY id DESC LIMIT 1`;

export interface ArrivedCount {
  kind: InboxKind;
  late: boolean;
  count: number;
}

export interface InboxArrivals {
  /** The highest id now: the next look's cursor, whatever the kinds asked. */
  newest: number;
  /** How many of each kind (and lateness) arrived. */
  counts: ArrivedCount[];
  /** On how many orders, and the lowest and highest of them (the only two when there are two). */
  orders: { count: number; first: number | null; last: number | null };
  /** The newest item that arrived: a notice of one item says who did what. */
  latest: { workOrderId: number; kind: InboxKind; late: boolean; who: string; what: string } | undefined;
}

export class InboxArrivalsReader {
  readonly #newest: Statement;
  readonly #totals: Statement;
  readonly #orders: Statement;
  readonly #latest: Statement;

  constructor(private readonly db: CacheDatabase) {
    this.#newest = db.prepare(NEWEST_INBOX_ID_SQL).pluck();
    this.#totals = db.prepare(ARRIVED_TOTALS_SQL);
    this.#orders = db.prepare(ARRIVED_ORDERS_SQL);
    this.#latest = db.prepare(ARRIVED_LATEST_SQL);
  }

  /**
   * The unread items of these kinds above `after`, with the highest id now. Without a cursor, only
   * the highest id (a baseline). A cache made before the inbox is filled first, so what the fill
   * writes counts as old, not as a burst of news.
   */
  since(after: number | undefined, kinds: readonly InboxKind[]): InboxArrivals {
    inboxRepository(this.db).backfill();
    return this.db.transaction((): InboxArrivals => {
      const newest = this.#newest.get() as number;
      const none: InboxArrivals = { newest, counts: [], orders: { count: 0, first: null, last: null }, latest: undefined };
      if (after === undefined || kinds.length === 0) return none;
      // The top row removed (a withdrawn request) lets SQLite give its id again: the cursor comes down with it.
      const parameters = { after: Math.min(after, newest), newest, kinds: JSON.stringify(kinds) };
      const counts = (this.#totals.all(parameters) as { kind: InboxKind; late: number; count: number }[]).map((row) => ({ ...row, late: row.late === 1 }));
      if (counts.length === 0) return none;
      const orders = this.#orders.get(parameters) as { orders: number; first: number; last: number };
      const latest = this.#latest.get(parameters) as { workOrderId: number; kind: InboxKind; late: number; who: string; what: string };
      return { newest, counts, orders: { count: orders.orders, first: orders.first, last: orders.last }, latest: { ...latest, late: latest.late === 1 } };
    })();
  }
}

export const inboxArrivals: (db: CacheDatabase) => InboxArrivalsReader = perDatabase((db) => new InboxArrivalsReader(db));
