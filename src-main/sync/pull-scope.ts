import { listItems } from '../../src-shared/api/common';
import { WORK_ORDER_LIST_IDS, type WorkOrderListId, type WorkOrderListsAnswer } from '../../src-shared/api/work-order-list';

/**
 * What a pull lists (issue 27). The API has no "changed since" filter and no validators, so a pull
 * that listed every order would cost a request per 100 cached orders every time: 10,000 at a
 * million. Instead:
 *
 * - `active`: the lists providers and the marketplace change without the coordinator, in flight
 *   (published, routed, assigned, work done) and problems; a cached order in flight that those
 *   lists no longer hold is fetched alone to learn where it went. Then one `GET workorders/lists`:
 *   when a list's count there differs from the cache's, something changed outside those lists (a
 *   draft made on the web, an order approved or cancelled elsewhere) and the same pull lists
 *   everything.
 * - `all`: every order, as the first sync does: for a cache never listed whole, when the last whole
 *   listing is older than FULL_PULL_MAX_AGE_MS (what the counts cannot see: an edit that moves no
 *   order between lists, approved turning paid), and when asked.
 */
export type PullScope = 'all' | 'active';

/** A whole listing at least this often: edits the counts cannot reveal are at most this old. */
export const FULL_PULL_MAX_AGE_MS = 6 * 60 * 60 * 1000;

/** The scope a pull starts with; the counts may widen an active one to `all` (`countsDisagree`). */
export function startingScope(lastFullPullAt: number | null, now: number, wanted: PullScope = 'active'): PullScope {
  if (wanted === 'all' || lastFullPullAt === null) return 'all';
  return now - lastFullPullAt >= FULL_PULL_MAX_AGE_MS ? 'all' : 'active';
}

/**
 * The lists whose count the service and the cache disagree on. A list the service does not name,
 * or names without a count, is not compared: the real service may differ from the local one there.
 */
export function countsDisagree(service: WorkOrderListsAnswer, cached: Readonly<Record<WorkOrderListId, number>>): WorkOrderListId[] {
  const known = new Set<string>(WORK_ORDER_LIST_IDS);
  return listItems(service).flatMap((list) => (known.has(list.id) && typeof list.count === 'number' && list.count !== cached[list.id as WorkOrderListId] ? [list.id as WorkOrderListId] : []));
}
