import type { WorkOrderListId } from '../../src-shared/api/work-order-list';
import type { SavedView, WorkOrderListRequest } from '../../src-shared/ipc/channels';

/** What a list screen asks main for, less the page: what a saved view keeps. */
export type WorkOrderQuery = SavedView['query'];
export type Scope = { kind: 'list'; id: WorkOrderListId } | { kind: 'attention' };
export type SortField = NonNullable<WorkOrderListRequest['sort']>;
/** The filters the toolbar offers, besides the scope and the search text. */
export type FilterKey = 'client' | 'typeOfWork' | 'project' | 'manager' | 'tag' | 'city' | 'state' | 'scheduleFrom' | 'scheduleTo';

export const DEFAULT_QUERY: WorkOrderQuery = { list: 'workorders_all', sort: 'schedule', order: 'asc' };

/** The query's narrowing parts: what "Filters hide N orders" and Clear filters are about. */
const FILTER_KEYS = ['search', 'client', 'typeOfWork', 'project', 'manager', 'city', 'state', 'country', 'provider', 'statusIds', 'scheduleFrom', 'scheduleTo', 'workOrderId'] as const;

export function hasFilters(query: WorkOrderQuery): boolean {
  return FILTER_KEYS.some((key) => isSet(query[key]));
}

export function scopeOf(query: WorkOrderQuery): Scope {
  return query.attention ? { kind: 'attention' } : { kind: 'list', id: query.list ?? 'workorders_all' };
}

/** Ids as keys, for the rows' pending and refused marks. */
export function asKeys(ids: readonly number[]): Record<number, true> {
  return Object.fromEntries(ids.map((id) => [id, true]));
}

function isSet(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return value !== undefined && value !== null;
}
