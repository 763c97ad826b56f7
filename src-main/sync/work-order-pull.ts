import { ApiError } from '../api-client/api-error';
import type { WorkOrdersApi } from '../api-client/work-orders-api';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { WORK_ORDER_LIST_MAX_PER_PAGE, type WorkOrderListId } from '../../src-shared/api/work-order-list';
import { allOrNone, forEachConcurrently } from './concurrency';
import { fetchFullOrder } from './full-order';
import { serializeWorkOrder } from '../db/work-order-writes';
import { holdsListItemOnly, pulledListItem, type PulledOrder, type SyncCache } from './sync-cache';
import { WriteBehind } from './write-behind';
import type { PullScope } from './pull-scope';

export interface WorkOrderPullOptions {
  workOrders: WorkOrdersApi;
  /** Every order, or the orders providers act on (pull-scope.ts). */
  scope: PullScope;
  cache: SyncCache;
  /** Requests in flight at once, for pages and for details alike. */
  concurrency: number;
  signal: AbortSignal;
  onListed: (done: number, total: number) => void;
  onDetailed: (done: number, total: number) => void;
  /** After an order's full answer is stored: fetches what hangs off it (attachments, expenses…). */
  onDetailStored?: (order: WorkOrder, signal: AbortSignal) => Promise<void>;
}

export interface WorkOrderPullSummary {
  scope: PullScope;
  /** Orders the service listed. */
  listed: number;
  /** List items written (new orders, or changed ones cached from their list item only). */
  stored: number;
  /** Full answers fetched and written. */
  details: number;
  /** Cached orders the service no longer lists or answers 404 for, removed. */
  deleted: number;
}

/** The list each scope pages through on every lane but one; the problem list takes that one. */
const SCOPE_LISTS: Readonly<Record<PullScope, WorkOrderListId>> = { all: 'workorders_all', active: 'workorders_in_flight' };

/** Pages listed but not yet written before a lane waits for the disk: enough to cover a slow commit. */
const WRITE_HIGH_WATER = 10 * WORK_ORDER_LIST_MAX_PER_PAGE;

/** Sorted by id, so an edit during the pull cannot move an order to a page already fetched. */
const pageQuery = (list: WorkOrderListId, page: number) => ({ list, page, per_page: WORK_ORDER_LIST_MAX_PER_PAGE, sort: 'id', order: 'asc' }) as const;

interface Paging {
  workOrders: WorkOrdersApi;
  concurrency: number;
  signal: AbortSignal;
}

/**
 * Fetches page 1 to learn how many pages there are, then the others concurrently; answers the
 * total. A lane waits for what `onPage` answers before its next request.
 */
async function pageThrough(list: WorkOrderListId, { workOrders, concurrency, signal }: Paging, onPage: (items: readonly WorkOrder[], total: number) => Promise<void> | void): Promise<number> {
  const first = await workOrders.list(pageQuery(list, 1), { signal });
  const { total, pages } = first.metadata;
  await onPage(first.results, total);
  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_unused, index) => index + 2);
  await forEachConcurrently(rest, concurrency, signal, async (page, pageSignal) => {
    const answer = await workOrders.list(pageQuery(list, page), { signal: pageSignal });
    await onPage(answer.results, total);
  });
  return total;
}

/**
 * Pulls the work orders of its scope. List items carry the columns lists filter and search on, so a
 * new order is stored from its list item (partial) and the first sync costs one request per 100
 * orders. The full answer (description, problems…) is fetched for an order whose list item changed
 * since the last pull, for one whose open problems the cache has wrong (the problem list says
 * which), and, in the active scope, for a cached order in flight the lists no longer hold.
 */
export async function pullWorkOrders(options: WorkOrderPullOptions): Promise<WorkOrderPullSummary> {
  const { cache, scope } = options;
  const listed = new Map<number, string>();
  const needDetails = new Map<number, string>();
  let stored = 0;

  let listTotal = 0;
  // Written behind the fetching, pages that arrived together in one transaction (write-behind.ts).
  const writer = new WriteBehind<WorkOrder>((items) => {
    const cached = cache.lookup(items.map((item) => item.id));
    const writes: PulledOrder[] = [];
    for (const item of items) {
      const pulled = pulledListItem(item);
      const { fingerprint } = pulled;
      listed.set(item.id, fingerprint);
      const state = cached.get(item.id);
      if (!state) {
        writes.push(pulled);
      } else if (!state.pending && state.fingerprint !== fingerprint) {
        needDetails.set(item.id, fingerprint);
        // A full document stays until its new full answer replaces it; a partial one is refreshed now.
        if (holdsListItemOnly(state)) writes.push(pulled);
      }
    }
    stored += cache.store(writes);
    options.onListed(Math.min(listed.size, listTotal), listTotal);
  }, WRITE_HIGH_WATER);

  let details = 0;
  let deleted = 0;
  /** The full answers stored, by the list item fingerprint they were stored under. */
  const fetched = new Map<number, string>();
  const fetchDetail = async (id: number, fingerprint: string, signal: AbortSignal) => {
    try {
      const order = await fetchFullOrder(options.workOrders, id, signal);
      const wrote = cache.store([{ ...serializeWorkOrder(order), fingerprint, complete: true }]);
      details += wrote;
      fetched.set(id, fingerprint);
      if (wrote > 0) await options.onDetailStored?.(order, signal);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
      // Deleted on the service since it was listed or cached.
      if (cache.deleteUnlessPending(id)) deleted += 1;
    }
  };

  // The problem list is small and read alongside, on one lane of its own, so it costs no round trip
  // after the listing; in the active scope its orders are compared like the others. In a whole
  // listing that lane then fetches, while the listing runs, the full answers of the orders whose
  // problems the cache lacks (their list items are the same, so they share the fingerprint), and
  // leaves the rest to the details below when the listing ends first. Into an empty cache (the first
  // sync), every order is new: its indexes are built once at the end.
  const inProblemList = new Set<number>();
  let listingDone = false;
  const bulk = scope === 'all' && cache.beginBulkLoad();
  let counted: [number, number] | undefined;
  let failure: { error: unknown } | undefined;
  try {
    counted = await allOrNone<[number, number]>(options.signal, [
      async (signal) => {
        try {
          return await pageThrough(SCOPE_LISTS[scope], { ...options, signal }, (items, ordersListed) => {
            listTotal = ordersListed;
            return writer.add(items);
          });
        } finally {
          listingDone = true;
        }
      },
      async (signal) => {
        const problems = new Map<number, string>();
        const count = await pageThrough('workorders_problem', { ...options, concurrency: 1, signal }, (items) => {
          for (const item of items) {
            inProblemList.add(item.id);
            if (scope === 'all') problems.set(item.id, pulledListItem(item).fingerprint);
          }
          return scope === 'active' ? writer.add(items) : undefined;
        });
        const withProblems = new Set(cache.idsWithProblems());
        const states = cache.lookup([...problems.keys()]);
        for (const [id, fingerprint] of problems) {
          if (listingDone) break;
          const state = states.get(id);
          if (state?.pending || (state?.fingerprint === fingerprint && state.complete && withProblems.has(id))) continue;
          await fetchDetail(id, fingerprint, signal);
        }
        return count;
      },
    ]);
  } catch (error) {
    failure = { error };
  }
  try {
    // Every lane has settled: what they fetched is written now (kept also when the pull stops
    // here), and no write is left for after the pull has answered. A failed listing tells its own
    // failure; a write failing after a listing that went well is the failure.
    writer.flush();
  } catch (error) {
    failure ??= { error };
  } finally {
    if (bulk) cache.endBulkLoad();
  }
  if (failure || !counted) throw failure?.error;
  const [total, problemTotal] = counted;
  if (scope === 'all') {
    // Deleting needs proof that every order was seen: orders created or removed while paging shift
    // the pages, and then the next pull decides.
    if (listed.size === total) deleted += cache.deleteAllExcept(new Set(listed.keys()));
  } else {
    // Left the lists since the last pull (approved, cancelled, deleted): asked alone where it went.
    for (const id of cache.inFlightIds()) if (!listed.has(id)) needDetails.set(id, '');
  }

  if (inProblemList.size === problemTotal) {
    const cachedWithProblems = new Set(cache.idsWithProblems());
    const disagreeing = [...inProblemList].filter((id) => !cachedWithProblems.has(id)).concat([...cachedWithProblems].filter((id) => !inProblemList.has(id)));
    const states = cache.lookup(disagreeing);
    for (const id of disagreeing) {
      // Unlisted in the active scope: its list item is unknown, so the next whole listing checks it once more.
      const fingerprint = listed.get(id) ?? (scope === 'active' ? '' : undefined);
      if (fingerprint !== undefined && states.get(id)?.pending === false) needDetails.set(id, fingerprint);
    }
  }

  // Fetched alongside the listing already, for the list item this listing saw.
  for (const [id, fingerprint] of fetched) if (needDetails.get(id) === fingerprint) needDetails.delete(id);
  let detailed = 0;
  options.onDetailed(0, needDetails.size);
  await forEachConcurrently([...needDetails], options.concurrency, options.signal, async ([id, fingerprint], signal) => {
    await fetchDetail(id, fingerprint, signal);
    detailed += 1;
    options.onDetailed(detailed, needDetails.size);
  });
  return { scope, listed: listed.size, stored, details, deleted };
}
