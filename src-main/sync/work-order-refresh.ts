import { ApiError } from '../api-client/api-error';
import type { WorkOrdersApi } from '../api-client/work-orders-api';
import { fetchFullOrder } from './full-order';
import type { SyncCache } from './sync-cache';
import { pullWorkOrderParts, type WorkOrderPartsPullDependencies } from './work-order-parts-pull';

export interface WorkOrderRefreshDependencies {
  workOrders: Pick<WorkOrdersApi, 'get' | 'milestones'>;
  cache: SyncCache;
  parts: WorkOrderPartsPullDependencies;
}

/** What a refresh did: stored the answer, left an order with an outbox change alone, or removed an order the service no longer has. */
export type WorkOrderRefreshOutcome = 'stored' | 'pending' | 'gone';

/**
 * Fetches one order's full answer and its parts now, for an order the coordinator opens: the pull
 * stores new orders from their list items (no description, no problems), and a new expense or
 * request leaves the list item, and so the pull, unchanged.
 */
export async function refreshWorkOrder(id: number, deps: WorkOrderRefreshDependencies, signal: AbortSignal): Promise<WorkOrderRefreshOutcome> {
  let order;
  try {
    order = await fetchFullOrder(deps.workOrders, id, signal);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'API_NOT_FOUND') return deps.cache.deleteUnlessPending(id) ? 'gone' : 'pending';
    throw error;
  }
  if (!deps.cache.storeFullAnswer(order)) return 'pending';
  await pullWorkOrderParts(order, deps.parts, signal);
  return 'stored';
}
