import type { Statement } from 'better-sqlite3';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { InboxCursor, InboxFilter, InboxItem, InboxKind, InboxListInput, InboxMarkInput, InboxPage } from '../../src-shared/ipc/inbox';
import { INBOX_PAGE_SIZE } from '../../src-shared/ipc/inbox';
import type { CacheDatabase } from './database';
import { InboxWriter } from './inbox-items';
import { perDatabase } from './per-database';
import { StatementCache } from './statement-cache';

/** A cache made before the inbox is filled from its most recently changed orders, this many, once. */
const BACKFILL_ORDERS = 5_000;

interface ItemRow {
  id: number;
  kind: InboxKind;
  at: number;
  who: string;
  what: string;
  body: string | null;
  source_id: number | null;
  provider_id: number | null;
  late: number;
  read_at: number | null;
  order_id: number;
  title: string | null;
  client_id: number | null;
  client_name: string | null;
  status_name: string | null;
}

/** The filter as SQL over `inbox_items i JOIN work_orders w`: only the conditions asked, so each can use its index. */
function where(filter: InboxFilter): { sql: string; parameters: Record<string, number | string> } {
  const conditions: string[] = [];
  const parameters: Record<string, number | string> = {};
  if (filter.kind !== undefined) {
    conditions.push('i.kind = @kind');
    parameters.kind = filter.kind;
  }
  if (filter.clientId !== undefined) {
    conditions.push('w.client_id = @clientId');
    parameters.clientId = filter.clientId;
  }
  if (filter.workOrderId !== undefined) {
    conditions.push('i.work_order_id = @workOrderId');
    parameters.workOrderId = filter.workOrderId;
  }
  if (filter.unreadOnly) conditions.push('i.read_at IS NULL');
  return { sql: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

/** The navigation's count. The partial index answers it by itself; never INDEXED BY it: a bulk load defers it, and the count must still answer. */
export const UNREAD_COUNT_SQL = 'SELECT COUNT(*) FROM inbox_items WHERE read_at IS NULL';

/**
 * One page's SQL, newest first, after the cursor when there is one: a keyset on
 * `inbox_items_newest (at DESC, id DESC)`, so a page deep in the inbox costs what the first does.
 */
export function listQuery(filter: InboxFilter, before?: InboxCursor): { sql: string; parameters: Record<string, number | string> } {
  const { sql, parameters } = where(filter);
  const after = before ? `${sql ? `${sql} AND` : 'WHERE'} (i.at, i.id) < (@beforeAt, @beforeId)` : sql;
  return {
    sql: `SELECT i.id, i.kind, i.at, i.who, i.what, i.body, i.source_id, i.provider_id, i.late, i.read_at,
         w.id AS order_id, w.title, w.client_id, w.client_name, w.status_name
       FROM inbox_items i JOIN work_orders w ON w.id = i.work_order_id ${after}
       ORDER BY i.at DESC, i.id DESC LIMIT @limit`,
    parameters: before ? { ...parameters, beforeAt: before.at, beforeId: before.id } : parameters,
  };
}

const item = (row: ItemRow): InboxItem => ({
  id: row.id,
  kind: row.kind,
  at: row.at,
  who: row.who,
  what: row.what,
  body: row.body,
  sourceId: row.source_id,
  providerId: row.provider_id,
  late: row.late === 1,
  read: row.read_at !== null,
  order: {
    id: row.order_id,
    title: row.title,
    client: row.client_id === null ? null : { id: row.client_id, name: row.client_name ?? `Client ${row.client_id}` },
    status: row.status_name,
  },
});

/** The Inbox over the cache: providers' steps across every cached order, newest first, read and unread kept here. */
export class InboxRepository {
  readonly #statements: StatementCache;
  readonly #unread: Statement;
  readonly #backfilled: Statement;

  constructor(private readonly db: CacheDatabase) {
    this.#statements = new StatementCache(db);
    this.#unread = db.prepare(UNREAD_COUNT_SQL).pluck();
    this.#backfilled = db.prepare('SELECT backfilled FROM inbox_state WHERE id = 1').pluck();
  }

  /** One page, newest first; the first read of a cache made before the inbox fills it (bounded). */
  list(input: InboxListInput = {}): InboxPage {
    this.backfill();
    const { before, limit = INBOX_PAGE_SIZE, ...filter } = input;
    const { sql, parameters } = listQuery(filter, before);
    const rows = this.#statements.get(sql).all({ ...parameters, limit: limit + 1 }) as ItemRow[];
    return { items: rows.slice(0, limit).map(item), more: rows.length > limit, unread: this.unreadCount() };
  }

  /** Unread items in the whole inbox: the navigation's count. */
  unreadCount(): number {
    return this.#unread.get() as number;
  }

  /** Marks the items named, or every item the filter matches, read (or unread again); answers how many changed. */
  mark(input: InboxMarkInput, now: number = Date.now()): { changed: number; unread: number } {
    const read = input.read ?? true;
    const set = read ? 'read_at = @now' : 'read_at = NULL';
    const unchanged = read ? 'read_at IS NULL' : 'read_at IS NOT NULL';
    let changed: number;
    if (input.ids) {
      changed = this.#statements.get(`UPDATE inbox_items SET ${set} WHERE id IN (SELECT value FROM json_each(@ids)) AND ${unchanged}`).run({ ids: JSON.stringify(input.ids), now }).changes;
    } else {
      const { sql, parameters } = where(input.matching ?? {});
      changed = this.#statements.get(`UPDATE inbox_items SET ${set} WHERE ${unchanged} AND id IN (SELECT i.id FROM inbox_items i JOIN work_orders w ON w.id = i.work_order_id ${sql})`).run({ ...parameters, now })
        .changes;
    }
    return { changed, unread: this.unreadCount() };
  }

  /**
   * Fills the inbox of a cache made before it, once: the most recently changed orders
   * (BACKFILL_ORDERS), their documents and parts read in one transaction. Later writes add the rest.
   */
  backfill(now: number = Date.now()): number {
    if (this.#backfilled.get() !== 0) return 0;
    const writer = new InboxWriter(this.db);
    const orders = this.db.prepare('SELECT d.id, d.json FROM work_orders w JOIN work_order_documents d ON d.id = w.id ORDER BY w.updated_at DESC LIMIT ?');
    const parts = this.db.prepare("SELECT 'request' AS part, json FROM requests WHERE work_order_id = @id UNION ALL SELECT 'file', json FROM attachments WHERE work_order_id = @id");
    return this.db.transaction(() => {
      const rows = orders.all(BACKFILL_ORDERS) as { id: number; json: string }[];
      for (const row of rows) {
        writer.writeOrder(JSON.parse(row.json) as WorkOrder, now);
        const found = parts.all({ id: row.id }) as { part: string; json: string }[];
        const of = (part: string) => found.filter((entry) => entry.part === part).map((entry) => JSON.parse(entry.json) as never);
        writer.writeParts(row.id, { requests: of('request'), attachments: of('file') }, now);
      }
      this.db.prepare('UPDATE inbox_state SET backfilled = 1 WHERE id = 1').run();
      return rows.length;
    })();
  }
}

export const inboxRepository: (db: CacheDatabase) => InboxRepository = perDatabase((db) => new InboxRepository(db));
