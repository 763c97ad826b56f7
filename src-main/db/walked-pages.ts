import type { WorkOrderListId } from '../../src-shared/api/work-order-list';
import type { SearchCounts } from './search-counts';
import { wordsOf } from './search-query';
import type { StatementCache } from './statement-cache';
import { type rowChecksCheaper, walkReaches, WIDE_LIST_SHARE } from './wide-search';

type Values = Record<string, string | number>;
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
  search(walk: string | undefined, where: string, rowMatchWhere: string | undefined, orderBy: string, parameters: Values, paging: Values): PageIds {
    const { searchCounts, counts, loading, wideSearch, rowChecks } = this.options;
    // A bulk load has the schedule's index waiting: the sorted read still answers.
    if (walk === undefined || loading()) return undefined;
    const search = String(parameters.search);
    const total = searchCounts.count(search);
    if (total < wideSearch) return undefined;
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
