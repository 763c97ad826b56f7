import { statusBySlug, type StatusSlug } from '../../src-shared/api/status';
import type { WorkOrder } from '../../src-shared/api/work-order';
import {
  WORK_ORDER_LIST_DEFAULT_PER_PAGE,
  WORK_ORDER_LIST_MAX_PER_PAGE,
  WORK_ORDER_LIST_MEMBERS,
  type WorkOrderListId,
  type WorkOrderListQuery,
  type WorkOrderSortField,
} from '../../src-shared/api/work-order-list';
import { askableByRow, narrowedByPlace, searchExpression } from './search-query';
import type { UrgencyGroup } from '../../src-shared/domain/attention';
import { NEEDS_ATTENTION, URGENCY_RANK } from './work-order-attention';
import { type EqualColumn, type MemoryFilters, type MemoryOrder, TEXT_COLUMNS } from './filter-columns';

/** The service's sorts the cache can answer (it has no creation date column), plus the last change and the triage's urgency. */
export type CachedWorkOrderSortField = Exclude<WorkOrderSortField, 'created_date'> | 'updated' | 'urgency';

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

export interface CachedWorkOrderPage {
  results: WorkOrder[];
  total: number;
  page: number;
  pages: number;
  per_page: number;
  /** Sorted by urgency: how many orders each triage reason leads, most urgent first. */
  groups?: UrgencyGroup[];
}

/** The status ids of a list's statuses (an unknown slug matches nothing). */
export const statusIds = (slugs: readonly StatusSlug[]): number[] => slugs.map((slug) => statusBySlug(slug)?.id ?? -1);

function listCondition(list: WorkOrderListId): string | null {
  const rule = WORK_ORDER_LIST_MEMBERS[list];
  if (rule === 'all') return null;
  if (rule === 'problems') return 'w.open_problems > 0';
  return `w.status_id IN (${statusIds(rule).join(', ')})`;
}

/** Each sort ends on the id so pages never overlap, and follows an index in both directions. */
const SORT_KEYS: Readonly<Record<Exclude<CachedWorkOrderSortField, 'urgency'>, string>> = {
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

const MATCH = 'w.id IN (SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH @search)';
/** The same match asked order by order (search-query.ts, `askableByRow`). */
const ROW_MATCH = 'EXISTS (SELECT 1 FROM work_orders_search s WHERE s.work_orders_search MATCH @search AND s.rowid = w.id)';
const STATUS_IDS = 'w.status_id IN (SELECT value FROM json_each(@status_ids))';

const clampPage = (value: number | undefined, fallback: number, max: number): number =>
  value !== undefined && Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;

/** A list query as SQL over `work_orders w`: its WHERE clause, bound values, order and page. */
export interface ListQuery {
  where: string;
  parameters: Record<string, string | number>;
  /**
   * Whether its matches are a set made first (the text index's, the attention rules' union): the
   * costly part, so the page and the count come from one pass over it, not two.
   */
  countInPass: boolean;
  /** Whether the search is its only condition: the text index alone then counts its orders. */
  searchOnly: boolean;
  /** A search alone whose every word the text index finds by a lookup: `where` asking each order of the index instead of making the set. */
  rowMatchWhere: string | undefined;
  /** Whether "needs attention" is its only condition: the triage queue is then read group by group (attention-pages.ts). */
  attentionOnly: boolean;
  /**
   * When the list's statuses are its only condition: that condition kept off the status index
   * (`+`), so a page can be read along the sort's own order; its count is the kept one.
   */
  walkWhere: string | undefined;
  /**
   * A search whose other conditions are only statuses (the list's, `status_ids`) and the filters of
   * `MEMORY_FILTERS`, sorted by schedule or id: its matches can be tested against the columns kept
   * in memory (filter-columns.ts), its text index asked with the narrowing they need.
   */
  memory: { search: string; inState: string | undefined; filters: MemoryFilters; order: MemoryOrder } | undefined;
  orderBy: string;
  perPage: number;
  page: number;
}

/**
 * Urgency (the triage queue's order): the most urgent reason first, then the earliest start, so
 * what is due soonest within a group leads it. Its direction is fixed: the least urgent first helps nobody.
 */
function orderBy(query: CachedWorkOrderQuery): string {
  if (query.sort === 'urgency') return `${URGENCY_RANK}, coalesce(w.schedule_start, 9007199254740991), w.id`;
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const sortKey = SORT_KEYS[query.sort ?? 'id'];
  return sortKey === SORT_KEYS.id ? `w.id ${direction}` : `${sortKey} ${direction}, w.id ${direction}`;
}

export function listQuery(query: CachedWorkOrderQuery): ListQuery {
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
    parameters.search = narrowedByPlace(search, { city: query.f_city, state: query.f_state });
  }
  const memory = search ? memoryFilters(search, query, parameters) : undefined;
  if (query.attention) conditions.push(NEEDS_ATTENTION);
  if (query.attention || query.sort === 'urgency') parameters.now = query.now ?? Date.now();
  return {
    where: conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '',
    parameters,
    countInPass: Boolean(search) || Boolean(query.attention),
    searchOnly: Boolean(search) && conditions.length === 1,
    rowMatchWhere: search && conditions.length === 1 && askableByRow(search) ? `WHERE ${ROW_MATCH}` : undefined,
    attentionOnly: Boolean(query.attention) && conditions.length === 1,
    memory: conditions.length > 1 ? memory : undefined,
    walkWhere: list !== null && conditions.length === 1 && Array.isArray(WORK_ORDER_LIST_MEMBERS[query.list ?? 'workorders_all']) ? `WHERE +${list}` : undefined,
    orderBy: orderBy(query),
    perPage: clampPage(query.per_page, WORK_ORDER_LIST_DEFAULT_PER_PAGE, WORK_ORDER_LIST_MAX_PER_PAGE),
    page: clampPage(query.page, 1, Number.MAX_SAFE_INTEGER),
  };
}

/** The filters the columns kept in memory test, beside the statuses, and the column each reads. */
const MEMORY_FILTERS: Partial<Record<FilterName, EqualColumn>> = {
  f_city: 'city',
  f_state: 'state',
  f_country: 'country',
  f_client: 'client',
  f_project: 'project',
  f_manager: 'manager',
  f_type_of_work: 'typeOfWork',
};

/**
 * The list's and the query's conditions as the columns kept in memory test them (`ListQuery.memory`),
 * or undefined when one of them is not theirs: another filter, the problem list, "needs attention",
 * a sort they do not keep.
 */
function memoryFilters(search: string, query: CachedWorkOrderQuery, parameters: Record<string, string | number>): ListQuery['memory'] {
  const sort = query.sort ?? 'id';
  if (query.attention || (sort !== 'schedule' && sort !== 'id')) return undefined;
  const rule = WORK_ORDER_LIST_MEMBERS[query.list ?? 'workorders_all'];
  if (rule === 'problems') return undefined;
  let statuses = rule === 'all' ? undefined : statusIds(rule);
  if (query.status_ids) {
    const asked = query.status_ids.filter(Number.isInteger);
    statuses = statuses ? statuses.filter((id) => asked.includes(id)) : asked;
  }
  const equal: NonNullable<MemoryFilters['equal']> = {};
  for (const name of FILTER_NAMES) {
    const value = parameters[name];
    if (value === undefined) continue;
    const column = MEMORY_FILTERS[name];
    // Compared as SQLite compares them: a text column with text, an id column with a number.
    if (!column || typeof value !== (TEXT_COLUMNS.includes(column) ? 'string' : 'number')) return undefined;
    equal[column] = value;
  }
  // The place only narrows what the text index answers, the columns decide: the city's words alone
  // cost less to ask than with the state's too ("repair" in Denver, CO at a million orders: 9.9 ms
  // against 11.9, timed by hand); the state's when there is no city. A city found in several states
  // (Portland, OR and ME) is asked with its state as well (`inState`): the index then answers half
  // the orders for the columns to test. Text, as the check above let through only text for them.
  const [city, state] = [equal.city as string | undefined, equal.state as string | undefined];
  const narrowing = city !== undefined ? { city } : { state };
  const inState = city !== undefined && state !== undefined ? narrowedByPlace(search, { city, state }) : undefined;
  return { search: narrowedByPlace(search, narrowing), inState, filters: { statusIds: statuses, equal }, order: { sort, descending: query.order === 'desc' } };
}
