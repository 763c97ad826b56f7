import type { Statement } from 'better-sqlite3';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { WorkOrderListId } from '../../src-shared/api/work-order-list';
import { type AttentionReason, TRIAGE_REASONS, type UrgencyGroup } from '../../src-shared/domain/attention';
import type { CacheDatabase } from './database';
import { StatementCache } from './statement-cache';
import { ATTENTION_REASONS_COLUMN, URGENCY_RANK } from './work-order-attention';
import { type CachedWorkOrderPage, type CachedWorkOrderQuery, listQuery } from './work-order-query';
import { deferIndexes, hasDeferredTriggers, restoreIndexes } from './deferred-indexes';
import { REBUILD_WEEKS_SQL } from './insights-weeks';
import { RECOUNT_SQL } from './list-counts';
import { SearchCounts } from './search-counts';
import { WalkedPages } from './walked-pages';
import { rowChecksCheaper, walkFor, WIDE_LIST_SHARE, WIDE_SEARCH } from './wide-search';
import { type SerializedWorkOrder, serializeWorkOrder, WorkOrderWrites } from './work-order-writes';
import { WorkOrderCounts } from './work-order-counts';
import { ANY_TRIAGE_REASON, BUMP_TRIAGE_VERSION_SQL, urgencyPage } from './attention-pages';
import { FILTER_COLUMNS_RESET_SQL, FilterColumns, MATCH_ROWIDS_SQL } from './filter-columns';

/** Per row of a page: whether an outbox change waits, and why it needs attention. */
export interface RowMarks {
  pending: number[];
  attention: Record<number, AttentionReason[]>;
}

/** The cached work orders: written by the pull, read by every list and search of the app. */
export class WorkOrderRepository {
  readonly #statements: StatementCache;
  readonly #get: Statement;
  readonly #byIds: Statement;
  readonly #any: Statement;
  readonly #setPending: Statement;
  readonly #marks: Statement;
  /** The auto-checkpoint threshold a bulk load suspended. */
  #checkpointPages: number | undefined;
  readonly #writes: WorkOrderWrites;

  readonly #counts: WorkOrderCounts;
  readonly #walked: WalkedPages;
  readonly #filterColumns: FilterColumns;

  /**
   * `wideSearch`: from how many matches a search's page is walked, `rowChecks`: when that walk asks
   * each order of the text index rather than making the set (wide-search.ts); tests change both.
   */
  constructor(
    private readonly db: CacheDatabase,
    wideSearch = WIDE_SEARCH,
    rowChecks = rowChecksCheaper,
  ) {
    this.#statements = new StatementCache(db);
    this.#counts = new WorkOrderCounts(db, this.#statements, () => this.#loading());
    this.#filterColumns = new FilterColumns(db);
    this.#walked = new WalkedPages({
      statements: this.#statements,
      searchCounts: new SearchCounts(db, this.#statements),
      counts: () => this.counts(),
      loading: () => this.#loading(),
      wideSearch,
      rowChecks,
    });
    this.#get = db.prepare('SELECT json FROM work_order_documents WHERE id = ?').pluck();
    this.#byIds = db.prepare('SELECT id, json FROM work_order_documents WHERE id IN (SELECT value FROM json_each(?))');
    this.#any = db.prepare('SELECT EXISTS (SELECT 1 FROM work_orders)').pluck();
    this.#setPending = db.prepare('UPDATE work_orders SET pending = ? WHERE id = ?');
    this.#marks = db.prepare(`SELECT w.id, w.pending, ${ATTENTION_REASONS_COLUMN} FROM work_orders w WHERE w.id IN (SELECT value FROM json_each(@ids))`);
    this.#writes = new WorkOrderWrites(db);
  }

  /** Stores orders as the service answered them, in one transaction; `receivedAt` is epoch ms. */
  upsertMany(workOrders: readonly WorkOrder[], receivedAt: number = Date.now()): void {
    this.#writes.writeAll(workOrders.map(serializeWorkOrder), receivedAt);
  }

  /** `upsertMany` for orders whose JSON text the caller has made already. */
  writeMany(entries: readonly SerializedWorkOrder[], receivedAt: number = Date.now()): void {
    this.#writes.writeAll(entries, receivedAt);
  }

  /**
   * The outbox's write: the order as the coordinator should see it, marked pending while a change
   * waits (the pull then leaves it alone). Call inside the outbox's transaction.
   */
  writeLocal(order: WorkOrder, pending: boolean): void {
    this.#writes.writeAll([serializeWorkOrder(order)], Date.now());
    this.setPending(order.id, pending);
  }

  /** Marks an order as having outbox changes waiting (the pull leaves it alone), or not. */
  setPending(id: number, pending: boolean): void {
    this.#setPending.run(pending ? 1 : 0, id);
  }

  /** Removes an order and its search row (an offline draft discarded, or renamed to its real id). */
  remove(id: number): void {
    this.#writes.remove(id);
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
    // The lists' counts (migration 0019) are recounted once at the end instead of row by row, the
    // triage version (migration 0027), whose triggers wait too, moves once, and the columns kept in
    // memory (migration 0030) are told every order changed.
    deferIndexes(this.db, 'work_orders', `${RECOUNT_SQL}\n${BUMP_TRIAGE_VERSION_SQL}\n${FILTER_COLUMNS_RESET_SQL}`);
    // Insights' weeks (migration 0022) are summed once at the end too.
    deferIndexes(this.db, 'work_order_insights', REBUILD_WEEKS_SQL);
    // The inbox's rows (migration 0026) are written with their orders: their indexes wait as theirs do.
    deferIndexes(this.db, 'inbox_items');
    // A checkpoint mid-load copies pages the load is about to change again: one is made after the
    // load (or at the next open) instead.
    this.#checkpointPages = this.db.pragma('wal_autocheckpoint', { simple: true }) as number;
    this.db.pragma('wal_autocheckpoint = 0');
    return true;
  }

  endBulkLoad(): void {
    restoreIndexes(this.db);
    // The planner's statistics, once the tables are full, taken as the caches the query plans are
    // tested over take them (test/support/large-cache.ts, query-plans.test.ts): `optimize`, which
    // samples each index (a low-cardinality index such as the managers' reads as more selective than
    // it is). A full ANALYZE would be exact but blocks this thread ~10 s at a million orders (measured
    // once by hand); `optimize` took 2.1 s there, once per first sync.
    this.db.pragma('optimize');
    const pages = this.#checkpointPages;
    this.#checkpointPages = undefined;
    if (pages === undefined) return;
    // The load's one checkpoint (45 ms for 10,000 orders, first-sync's profile) waits for the turn
    // of the event loop after the pull has answered, instead of holding up its last commit.
    setImmediate(() => {
      if (!this.db.open) return;
      this.db.pragma(`wal_autocheckpoint = ${pages}`);
      this.db.pragma('wal_checkpoint(PASSIVE)');
    });
  }

  get(id: number): WorkOrder | undefined {
    const json = this.#get.get(id) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as WorkOrder);
  }

  /** One page of a list, filtered, searched and sorted; never more than the service's page size. */
  list(query: CachedWorkOrderQuery = {}): CachedWorkOrderPage {
    const { where, parameters, countInPass, searchOnly, rowMatchWhere, attentionOnly, walkWhere, memory, orderBy, perPage, page } = listQuery(query);
    const paging = { ...parameters, limit: perPage, offset: (page - 1) * perPage };
    const triage = attentionOnly && !this.#loading() ? this.#triagePage(query, Number(parameters.now), orderBy, perPage, page) : undefined;
    if (triage) return triage;
    const wide = searchOnly
      ? this.#walked.search({ walk: walkFor(query.sort), orderBy, descending: query.order === 'desc' }, where, rowMatchWhere, parameters, paging)
      : walkWhere !== undefined
        ? this.#walked.list(query.list ?? 'workorders_all', walkFor(query.sort), walkWhere, orderBy, paging)
        : undefined;
    // A list of statuses alone is counted by the kept counts, walked or not (the navigation's badge
    // request, one row of the whole cache, counted a million rows at every start).
    let total = wide?.total ?? (walkWhere !== undefined ? this.counts()[query.list ?? 'workorders_all'] : undefined);
    let pageIds: number[];
    if (wide) {
      pageIds = wide.pageIds;
    } else if (memory && !this.#loading() && this.#filterColumns.ready()) {
      const search = memory.inState !== undefined && this.#filterColumns.inSeveralStates(memory.filters.equal?.city) ? memory.inState : memory.search;
      const rowids = JSON.parse(this.#statements.get(MATCH_ROWIDS_SQL).pluck().get({ search }) as string) as number[];
      ({ total, pageIds } = this.#filterColumns.select(rowids, memory.filters, memory.order, paging.offset, perPage));
    } else if (countInPass) {
      // A search's full-text match (a short prefix matches most orders) or the attention rules'
      // union is the costly part: run it once, counting in the same pass, not once for the count
      // and again for the page.
      const rows = this.#statements
        .get(`SELECT w.id, COUNT(*) OVER () AS total FROM work_orders w ${where} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`)
        .all(paging) as { id: number; total: number }[];
      pageIds = rows.map((row) => row.id);
      total = rows[0]?.total;
    } else {
      total ??= this.#statements.get(`SELECT COUNT(*) FROM work_orders w ${where}`).pluck().get(parameters) as number;
      const walk = walkFor(query.sort);
      // Filters holding a good share of the cache (a city at a million orders: 100,000 to sort): the
      // page is walked along the sort's index, meeting its rows within a few thousand.
      const walked = where !== '' && walk !== undefined && total * WIDE_LIST_SHARE >= this.counts().workorders_all ? this.#walked.walk(walk, where, orderBy, paging, total) : undefined;
      // Ids first, json after: sorting carries only the key and id, not every matching order's JSON.
      pageIds = walked ?? (this.#statements.get(`SELECT w.id FROM work_orders w ${where} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`).pluck().all(paging) as number[]);
    }
    // Otherwise the count reads an index; a page past the end has no row to carry it.
    total ??= this.#statements.get(`SELECT COUNT(*) FROM work_orders w ${where}`).pluck().get(parameters) as number;
    const pages = Math.max(1, Math.ceil(total / perPage));
    return { results: this.#orders(pageIds), total, page, pages, per_page: perPage, ...(query.sort === 'urgency' ? { groups: this.#urgencyGroups(where, parameters) } : {}) };
  }

  /**
   * Builds the columns a search's filters read in memory now, instead of after the first search
   * that would use them (filter-columns.ts); resolves once they answer.
   */
  filterColumnsBuilt(): Promise<void> {
    return this.#filterColumns.built();
  }

  /** The orders of a page's ids, in their order. */
  #orders(pageIds: readonly number[]): WorkOrder[] {
    const jsonById = new Map((this.#byIds.all(JSON.stringify(pageIds)) as { id: number; json: string }[]).map((row) => [row.id, row.json]));
    return pageIds.flatMap((id) => {
      const json = jsonById.get(id);
      return json === undefined ? [] : [JSON.parse(json) as WorkOrder];
    });
  }

  /**
   * "Needs attention" with no other condition, read along indexes (attention-pages.ts): by urgency
   * group by group; sorted by schedule or id, walking that order. Its total is the groups' sum,
   * counted at the clock its pages are read at. Undefined for a sort with no order to walk, or a
   * page so deep the walk would pass too many rows: the union then.
   */
  #triagePage(query: CachedWorkOrderQuery, now: number, orderBy: string, perPage: number, page: number): CachedWorkOrderPage | undefined {
    const offset = (page - 1) * perPage;
    const walk = walkFor(query.sort);
    if (query.sort !== 'urgency' && walk === undefined) return undefined;
    const { groups, countedAt } = this.#counts.triageGroups(now);
    const total = groups.reduce((sum, group) => sum + group.count, 0);
    let pageIds: number[];
    if (query.sort === 'urgency') {
      pageIds = urgencyPage(this.#statements, groups, countedAt, offset, perPage);
    } else {
      const walked = this.#walked.walk(walk ?? '', `WHERE ${ANY_TRIAGE_REASON}`, orderBy, { now: countedAt, limit: perPage, offset }, total);
      if (!walked) return undefined;
      pageIds = walked;
    }
    const answer: CachedWorkOrderPage = { results: this.#orders(pageIds), total, page, pages: Math.max(1, Math.ceil(total / perPage)), per_page: perPage };
    return query.sort === 'urgency' ? { ...answer, groups } : answer;
  }

  /** Whether a bulk load has the orders' indexes and counting triggers waiting (deferred-indexes.ts). */
  #loading(): boolean {
    return hasDeferredTriggers((sql) => this.#statements.get(sql), 'work_orders');
  }

  /** How many orders of an urgency-sorted list each triage reason leads: the queue's groups, in order. */
  #urgencyGroups(where: string, parameters: Record<string, string | number>): UrgencyGroup[] {
    const rows = this.#statements.get(`SELECT ${URGENCY_RANK} AS rank, COUNT(*) AS count FROM work_orders w ${where} GROUP BY rank ORDER BY rank`).all(parameters) as { rank: number; count: number }[];
    return rows.flatMap(({ rank, count }) => {
      const reason = TRIAGE_REASONS[rank];
      return reason ? [{ reason, count }] : [];
    });
  }

  /** The pending mark and the attention reasons of these orders (a page's ids). */
  marks(ids: readonly number[], now: number = Date.now()): RowMarks {
    const rows = this.#marks.all({ ids: JSON.stringify(ids), now }) as { id: number; pending: number; reasons: string }[];
    const attention: Record<number, AttentionReason[]> = {};
    for (const row of rows) if (row.reasons) attention[row.id] = row.reasons.split(',') as AttentionReason[];
    return { pending: rows.filter((row) => row.pending === 1).map((row) => row.id), attention };
  }

  /** How many cached orders need attention now; the rules read the clock, so a memo lasts a few seconds at most. */
  attentionCount(now: number = Date.now()): number {
    return this.#counts.attention(now);
  }

  /** How many cached orders each list holds, from the kept counts; kept until the cache changes. */
  counts(): Record<WorkOrderListId, number> {
    return this.#counts.lists();
  }
}
