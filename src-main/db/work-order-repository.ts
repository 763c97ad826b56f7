import type { Statement } from 'better-sqlite3';
import { statusBySlug, type StatusSlug } from '../../src-shared/api/status';
import type { WorkOrder } from '../../src-shared/api/work-order';
import {
  WORK_ORDER_LIST_DEFAULT_PER_PAGE,
  WORK_ORDER_LIST_IDS,
  WORK_ORDER_LIST_MEMBERS,
  WORK_ORDER_LIST_MAX_PER_PAGE,
  type WorkOrderListId,
  type WorkOrderListQuery,
  type WorkOrderSortField,
} from '../../src-shared/api/work-order-list';
import type { CacheDatabase } from './database';
import { searchExpression } from './search-query';
import type { AttentionReason } from '../../src-shared/domain/attention';
import { ATTENTION_COUNT_SQL, ATTENTION_REASONS_COLUMN, NEEDS_ATTENTION } from './work-order-attention';
import { deferIndexes, restoreIndexes } from './deferred-indexes';
import { appliedTags, type WorkOrderRow, workOrderRow, workOrderSearchRow } from './work-order-columns';
import { InsightsWriter } from './insights-rows';

/** The service's sorts the cache can answer (it has no creation date column), plus the last change. */
export type CachedWorkOrderSortField = Exclude<WorkOrderSortField, 'created_date'> | 'updated';

/** GET workorders' query, answered from the cache; `status_ids` narrows further than a list. */
export type CachedWorkOrderQuery = Partial<
  Pick<
    WorkOrderListQuery,
    'list' | 'page' | 'per_page' | 'order' | 'f_search' | 'f_work_order_id' | 'f_type_of_work' | 'f_client' | 'f_project' | 'f_manager' | 'f_city' | 'f_state' | 'f_country'
  >
> & {
  sort?: CachedWorkOrderSortField;
  status_ids?: readonly number[];
  /** Epoch ms bounds on the schedule's start, either may be absent. */
  schedule_from?: number;
  schedule_to?: number;
  provider?: number;
  /** Orders that use this saved location (a temporary, negative id included). */
  saved_location?: number;
  /** Only orders with this company tag applied. */
  tag?: number;
  /** Only orders that need the coordinator now (see work-order-attention.ts). */
  attention?: boolean;
  /** Epoch ms the attention rules measure against; now by default. */
  now?: number;
};

/** Per row of a page: whether an outbox change waits, and why it needs attention. */
export interface RowMarks {
  pending: number[];
  attention: Record<number, AttentionReason[]>;
}

export interface CachedWorkOrderPage {
  results: WorkOrder[];
  total: number;
  page: number;
  pages: number;
  per_page: number;
}

const statusIds = (slugs: readonly StatusSlug[]): number[] => slugs.map((slug) => statusBySlug(slug)?.id ?? -1);

function listCondition(list: WorkOrderListId): string | null {
  const rule = WORK_ORDER_LIST_MEMBERS[list];
  if (rule === 'all') return null;
  if (rule === 'problems') return 'w.open_problems > 0';
  return `w.status_id IN (${statusIds(rule).join(', ')})`;
}

/** Each sort ends on the id so pages never overlap, and follows an index in both directions. */
const SORT_KEYS: Readonly<Record<CachedWorkOrderSortField, string>> = {
  id: 'w.id',
  title: 'w.title COLLATE NOCASE',
  schedule: 'w.schedule_start',
  status: 'w.status_rank',
  pay: 'w.pay_amount',
  updated: 'w.updated_at',
};

/** Each filter as SQL, bound under its own name. */
const FILTERS = {
  f_work_order_id: 'w.id = @f_work_order_id',
  f_type_of_work: 'w.type_of_work_id = @f_type_of_work',
  f_client: 'w.client_id = @f_client',
  f_project: 'w.project_id = @f_project',
  f_manager: 'w.manager_id = @f_manager',
  f_city: 'w.city = @f_city',
  f_state: 'w.state = @f_state',
  f_country: 'w.country = @f_country',
  schedule_from: 'w.schedule_start >= @schedule_from',
  schedule_to: 'w.schedule_start <= @schedule_to',
  provider: 'w.provider_id = @provider',
  saved_location: 'w.saved_location_id = @saved_location',
  tag: 'w.id IN (SELECT work_order_id FROM work_order_tags WHERE tag_id = @tag)',
} as const satisfies Partial<Record<keyof CachedWorkOrderQuery, string>>;
type FilterName = keyof typeof FILTERS;
const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

/** The attention rules compare times with now: a count is reused within this window only. */
const ATTENTION_MEMO_MS = 5_000;

const MATCH = 'w.id IN (SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH @search)';
const STATUS_IDS = 'w.status_id IN (SELECT value FROM json_each(@status_ids))';

/** Statements by SQL text: the texts come from a finite set of clauses, so the map stays small. */
class StatementCache {
  readonly #statements = new Map<string, Statement>();
  constructor(private readonly db: CacheDatabase) {}

  get(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}

const clampPage = (value: number | undefined, fallback: number, max: number): number =>
  value !== undefined && Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;

/** An order with its JSON text, for a caller that has the text already (the pull hashes it). */
export interface SerializedWorkOrder {
  order: WorkOrder;
  json: string;
}

export const serializeWorkOrder = (order: WorkOrder): SerializedWorkOrder => ({ order, json: JSON.stringify(order) });

/** Bound by position: named parameters cost a property read per column per order. */
const ROW_COLUMNS = ['id', 'title', 'status_id', 'status_name', 'status_rank', 'sub_status', 'schedule_start', 'schedule_end', 'provider_id', 'city', 'state', 'zip', 'country', 'client_id', 'client_name', 'project_id', 'manager_id', 'type_of_work_id', 'saved_location_id', 'pay_amount', 'open_problems', 'updated_at', 'cached_at'] as const satisfies readonly (keyof WorkOrderRow)[];
const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** The cached work orders: written by the pull, read by every list and search of the app. */
export class WorkOrderRepository {
  readonly #statements: StatementCache;
  readonly #insertNew: Statement;
  readonly #upsert: Statement;
  readonly #insertDocument: Statement;
  readonly #upsertDocument: Statement;
  readonly #deleteSearch: Statement;
  readonly #insertSearch: Statement;
  readonly #deleteTags: Statement;
  readonly #insertTag: Statement;
  readonly #get: Statement;
  readonly #byIds: Statement;
  readonly #statusCounts: Statement;
  readonly #problemCount: Statement;
  readonly #any: Statement;
  readonly #setPending: Statement;
  readonly #marks: Statement;
  readonly #attentionCount: Statement;
  readonly #deleteRow: Statement;
  /** The auto-checkpoint threshold a bulk load suspended. */
  #checkpointPages: number | undefined;
  readonly #writeAll: (entries: readonly SerializedWorkOrder[], receivedAt: number) => void;

  readonly #generation: Statement;
  /** The whole-cache counts, kept until the cache changes: every list call answers them, most change nothing. */
  #countsMemo: { key: string; value: Record<WorkOrderListId, number> } | undefined;
  #attentionMemo: { key: string; value: number } | undefined;

  constructor(private readonly db: CacheDatabase) {
    this.#statements = new StatementCache(db);
    const insert = `INSERT INTO work_orders (${ROW_COLUMNS.join(', ')}) VALUES (${placeholders(ROW_COLUMNS.length)})`;
    this.#insertNew = db.prepare(`${insert} ON CONFLICT(id) DO NOTHING`);
    this.#upsert = db.prepare(`${insert} ON CONFLICT(id) DO UPDATE SET ${ROW_COLUMNS.slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`);
    this.#insertDocument = db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)');
    this.#upsertDocument = db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json');
    this.#deleteSearch = db.prepare('DELETE FROM work_orders_search WHERE rowid = ?');
    this.#insertSearch = db.prepare('INSERT INTO work_orders_search (rowid, title, description, location, client, ids, tags) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.#deleteTags = db.prepare('DELETE FROM work_order_tags WHERE work_order_id = ?');
    this.#insertTag = db.prepare('INSERT INTO work_order_tags (work_order_id, tag_id) VALUES (?, ?)');
    this.#get = db.prepare('SELECT json FROM work_order_documents WHERE id = ?').pluck();
    this.#byIds = db.prepare('SELECT id, json FROM work_order_documents WHERE id IN (SELECT value FROM json_each(?))');
    this.#statusCounts = db.prepare('SELECT status_id, COUNT(*) AS count FROM work_orders GROUP BY status_id');
    this.#problemCount = db.prepare('SELECT COUNT(*) FROM work_orders WHERE open_problems > 0').pluck();
    this.#any = db.prepare('SELECT EXISTS (SELECT 1 FROM work_orders)').pluck();
    this.#setPending = db.prepare('UPDATE work_orders SET pending = ? WHERE id = ?');
    this.#marks = db.prepare(`SELECT w.id, w.pending, ${ATTENTION_REASONS_COLUMN} FROM work_orders w WHERE w.id IN (SELECT value FROM json_each(@ids))`);
    this.#attentionCount = db.prepare(ATTENTION_COUNT_SQL).pluck();
    this.#generation = db.prepare('SELECT total_changes()').pluck();
    this.#deleteRow = db.prepare('DELETE FROM work_orders WHERE id = ?');
    const insights = new InsightsWriter(db);
    this.#writeAll = db.transaction((entries: readonly SerializedWorkOrder[], receivedAt: number) => {
      const cachedAt = Date.now();
      for (const { order, json } of entries) {
        const row = workOrderRow(order, receivedAt, cachedAt);
        const values = ROW_COLUMNS.map((column) => row[column]);
        // Most writes are of orders new to the cache: they skip the update and the index delete.
        const isNew = this.#insertNew.run(values).changes === 1;
        if (isNew) {
          this.#insertDocument.run(row.id, json);
        } else {
          this.#upsert.run(values);
          this.#upsertDocument.run(row.id, json);
          // The search index holds exactly one row per order; the tags are the document's.
          this.#deleteSearch.run(row.id);
          this.#deleteTags.run(row.id);
        }
        const search = workOrderSearchRow(order);
        this.#insertSearch.run(search.id, search.title, search.description, search.location, search.client, search.ids, search.tags);
        for (const tag of appliedTags(order)) this.#insertTag.run(row.id, tag.id);
        insights.write(order, row, !isNew);
      }
    });
  }

  /** Stores orders as the service answered them, in one transaction; `receivedAt` is epoch ms. */
  upsertMany(workOrders: readonly WorkOrder[], receivedAt: number = Date.now()): void {
    this.#writeAll(workOrders.map(serializeWorkOrder), receivedAt);
  }

  /** `upsertMany` for orders whose JSON text the caller has made already. */
  writeMany(entries: readonly SerializedWorkOrder[], receivedAt: number = Date.now()): void {
    this.#writeAll(entries, receivedAt);
  }

  /**
   * The outbox's write: the order as the coordinator should see it, marked pending while a change
   * waits (the pull then leaves it alone). Call inside the outbox's transaction.
   */
  writeLocal(order: WorkOrder, pending: boolean): void {
    this.#writeAll([serializeWorkOrder(order)], Date.now());
    this.setPending(order.id, pending);
  }

  /** Marks an order as having outbox changes waiting (the pull leaves it alone), or not. */
  setPending(id: number, pending: boolean): void {
    this.#setPending.run(pending ? 1 : 0, id);
  }

  /** Removes an order and its search row (an offline draft discarded, or renamed to its real id). */
  remove(id: number): void {
    this.#deleteSearch.run(id);
    this.#deleteRow.run(id);
  }

  isEmpty(): boolean {
    return this.#any.get() === 0;
  }

  /**
   * Prepares a load into an empty cache: the secondary indexes wait until `endBulkLoad` builds
   * them in one pass. Answers false, and changes nothing, when the cache holds orders. Lists stay
   * correct meanwhile, only slower.
   */
  beginBulkLoad(): boolean {
    if (!this.isEmpty()) return false;
    deferIndexes(this.db, 'work_orders');
    deferIndexes(this.db, 'work_order_insights');
    // A checkpoint mid-load copies pages the load is about to change again; the first commit after
    // the load (or the next open) checkpoints once instead.
    this.#checkpointPages = this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    this.db.pragma('wal_autocheckpoint = 0');
    return true;
  }

  endBulkLoad(): void {
    restoreIndexes(this.db);
    if (this.#checkpointPages !== undefined) this.db.pragma(`wal_autocheckpoint = ${this.#checkpointPages}`);
    this.#checkpointPages = undefined;
  }

  get(id: number): WorkOrder | undefined {
    const json = this.#get.get(id) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as WorkOrder);
  }

  /** One page of a list, filtered, searched and sorted; never more than the service's page size. */
  list(query: CachedWorkOrderQuery = {}): CachedWorkOrderPage {
    const conditions: string[] = [];
    const parameters: Record<string, string | number> = {};
    const list = listCondition(query.list ?? 'workorders_all');
    if (list) conditions.push(list);
    if (query.status_ids) {
      conditions.push(STATUS_IDS);
      parameters.status_ids = JSON.stringify(query.status_ids.filter(Number.isInteger));
    }
    for (const name of FILTER_NAMES) {
      const value = query[name];
      if (value === undefined || value === null || value === '') continue;
      conditions.push(FILTERS[name]);
      parameters[name] = typeof value === 'string' ? value.trim() : value;
    }
    const search = searchExpression(query.f_search);
    if (search) {
      conditions.push(MATCH);
      parameters.search = search;
    }
    if (query.attention) {
      conditions.push(NEEDS_ATTENTION);
      parameters.now = query.now ?? Date.now();
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

    const perPage = clampPage(query.per_page, WORK_ORDER_LIST_DEFAULT_PER_PAGE, WORK_ORDER_LIST_MAX_PER_PAGE);
    const page = clampPage(query.page, 1, Number.MAX_SAFE_INTEGER);
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const sortKey = SORT_KEYS[query.sort ?? 'id'];
    const orderBy = sortKey === SORT_KEYS.id ? `w.id ${direction}` : `${sortKey} ${direction}, w.id ${direction}`;
    const paging = { ...parameters, limit: perPage, offset: (page - 1) * perPage };
    let total: number | undefined;
    let pageIds: number[];
    if (search) {
      // A search's full-text match is the costly part (a short prefix matches most orders): run it
      // once, counting in the same pass, not once for the count and again for the page.
      const rows = this.#statements
        .get(`SELECT w.id, COUNT(*) OVER () AS total FROM work_orders w ${where} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`)
        .all(paging) as { id: number; total: number }[];
      pageIds = rows.map((row) => row.id);
      total = rows[0]?.total;
    } else {
      // Ids first, json after: sorting carries only the key and id, not every matching order's JSON.
      pageIds = this.#statements.get(`SELECT w.id FROM work_orders w ${where} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`).pluck().all(paging) as number[];
    }
    // Without a search the count reads an index; a search's page past the end has no row to carry it.
    total ??= this.#statements.get(`SELECT COUNT(*) FROM work_orders w ${where}`).pluck().get(parameters) as number;
    const pages = Math.max(1, Math.ceil(total / perPage));
    const jsonById = new Map((this.#byIds.all(JSON.stringify(pageIds)) as { id: number; json: string }[]).map((row) => [row.id, row.json]));
    const results = pageIds.flatMap((id) => {
      const json = jsonById.get(id);
      return json === undefined ? [] : [JSON.parse(json) as WorkOrder];
    });
    return { results, total, page, pages, per_page: perPage };
  }

  /** The pending mark and the attention reasons of these orders (a page's ids). */
  marks(ids: readonly number[], now: number = Date.now()): RowMarks {
    const rows = this.#marks.all({ ids: JSON.stringify(ids), now }) as { id: number; pending: number; reasons: string }[];
    const attention: Record<number, AttentionReason[]> = {};
    for (const row of rows) if (row.reasons) attention[row.id] = row.reasons.split(',') as AttentionReason[];
    return { pending: rows.filter((row) => row.pending === 1).map((row) => row.id), attention };
  }

  /**
   * What changed the cache since: this connection's own writes (`total_changes()`) and other
   * connections' commits (`data_version`). Equal keys mean equal counts.
   */
  #cacheKey(): string {
    return `${this.#generation.get() as number}:${this.db.pragma('data_version', { simple: true }) as number}`;
  }

  /** How many cached orders need attention now; the rules read the clock, so a memo lasts a few seconds at most. */
  attentionCount(now: number = Date.now()): number {
    const key = `${this.#cacheKey()}:${Math.floor(now / ATTENTION_MEMO_MS)}`;
    if (this.#attentionMemo?.key !== key) this.#attentionMemo = { key, value: this.#attentionCount.get({ now }) as number };
    return this.#attentionMemo.value;
  }

  /** How many cached orders each list holds, from one pass over the status index; kept until the cache changes. */
  counts(): Record<WorkOrderListId, number> {
    const key = this.#cacheKey();
    if (this.#countsMemo?.key !== key) this.#countsMemo = { key, value: this.#countAll() };
    return this.#countsMemo.value;
  }

  #countAll(): Record<WorkOrderListId, number> {
    const byStatus = new Map<number | null, number>();
    for (const row of this.#statusCounts.all() as { status_id: number | null; count: number }[]) byStatus.set(row.status_id, row.count);
    const all = [...byStatus.values()].reduce((total, count) => total + count, 0);
    const problems = this.#problemCount.get() as number;
    const countOf = (list: WorkOrderListId): number => {
      const rule = WORK_ORDER_LIST_MEMBERS[list];
      if (rule === 'all') return all;
      if (rule === 'problems') return problems;
      return statusIds(rule).reduce((total, id) => total + (byStatus.get(id) ?? 0), 0);
    };
    return Object.fromEntries(WORK_ORDER_LIST_IDS.map((list) => [list, countOf(list)])) as Record<WorkOrderListId, number>;
  }
}
