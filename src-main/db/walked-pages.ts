import type { WorkOrderListId } from '../../src-shared/api/work-order-list';
import type { SearchCounts } from './search-counts';
import { wordsOf } from './search-query';
import type { StatementCache } from './statement-cache';
import { ID_WALK, type rowChecksCheaper, walkReaches, WIDE_LIST_SHARE } from './wide-search';

type Values = Record<string, string | number>;

/** How a search's page is sorted: the index its walk follows (`walkFor`), its ORDER BY, its direction. */
export interface SearchSort {
  walk: string | undefined;
  orderBy: string;
  descending: boolean;
}
export type PageIds = { pageIds: number[]; total: number } | undefined;

export interface WalkedPagesOptions {
  statements: StatementCache;
  searchCounts: SearchCounts;
  /** How many cached orders each list holds (the kept counts). */
  counts: () => Record<WorkOrderListId, number>;
  /** Whether a bulk load has the indexes waiting: nothing is walked then. */
  loading: () => boolean;
  /** From how many matches a search's page is walked (wide-search.ts; tests change it). */
  wideSearch: number;
  /** When that walk asks each order of the text index rather than making the set (tests change it). */
  rowChecks: typeof rowChecksCheaper;
}

/**
 * Pages read along the sort's own index, keeping the rows a condition holds, instead of sorting
 * every row that holds it (wide-search.ts): a search matching much of the cache, a list of statuses
 * holding much of it. Each answers undefined when the caller should read the page sorted instead.
 */
export class WalkedPages {
  constructor(private readonly options: WalkedPagesOptions) {}

  /**
   * A search matching many orders, as its only condition: counted by the text index, its page walked
   * in the sort's order, each order it passes asked of the index when that is cheaper than making
   * every match into a set (`rowMatchWhere`).
   */
  search(sort: SearchSort, where: string, rowMatchWhere: string | undefined, parameters: Values, paging: Values): PageIds {
    const { searchCounts, counts, loading, wideSearch, rowChecks, statements } = this.options;
    const { walk, orderBy, descending } = sort;
    // A bulk load has the schedule's index waiting: the sorted read still answers.
    if (walk === undefined || loading()) return undefined;
    const search = String(parameters.search);
    const total = searchCounts.count(search);
    if (total < wideSearch) return undefined;
    if (walk === ID_WALK) {
      // The text index's rowids are the orders' ids: it reads the page in its own order and stops
      // there. "install" matches 143,000 of a million orders, whose set cost 20 ms to make for a
      // walk; the page read this way, 3 ms (timed by hand).
      const byRowid = `SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH @search ORDER BY rowid ${descending ? 'DESC' : 'ASC'} LIMIT @limit OFFSET @offset`;
      return { total, pageIds: statements.get(byRowid).pluck().all(paging) as number[] };
    }
    const byRow = rowMatchWhere !== undefined && rowChecks(Number(paging.offset) + Number(paging.limit), total, counts().workorders_all, wordsOf(search));
    const pageIds = this.walk(walk, byRow ? rowMatchWhere : where, orderBy, paging, total);
    return pageIds && { total, pageIds };
  }

  /**
   * A list of statuses alone: counted from the kept counts, and when it holds a good share of the
   * cache (a page of it then lies within a few thousand rows of the sort's order), its page walked
   * along the sort's index instead of sorting all of it.
   */
  list(list: WorkOrderListId, walk: string | undefined, walkWhere: string, orderBy: string, paging: Values): PageIds {
    const counts = this.options.counts();
    const total = counts[list];
    const pageIds = walk === undefined || total * WIDE_LIST_SHARE < counts.workorders_all ? undefined : this.walk(walk, walkWhere, orderBy, paging, total);
    return pageIds && { total, pageIds };
  }

  /**
   * A page read along the sort's own order (`walk` names its index), keeping the rows `where` holds
   * (`matches` of them). Undefined while a bulk load has the indexes waiting, or for a page so deep
   * the walk would pass more than `WALK_ROWS` rows to reach it: the caller then reads it sorted.
   */
  walk(walk: string, where: string, orderBy: string, paging: Values, matches: number): number[] | undefined {
    const { statements, counts, loading } = this.options;
    if (loading() || !walkReaches(Number(paging.offset) + Number(paging.limit), matches, counts().workorders_all)) return undefined;
    return statements.get(`SELECT w.id FROM work_orders w ${walk} ${where} ORDER BY ${orderBy} LIMIT @limit OFFSET @offset`).pluck().all(paging) as number[];
  }
}
