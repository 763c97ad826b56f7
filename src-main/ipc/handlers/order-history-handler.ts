import type { OrderHistory } from '../../../src-shared/ipc/order-history';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What an order's history uses of a workspace. */
export interface HistoryParts {
  history(workOrderId: number): OrderHistory;
}

/** `workorders:history`: the cache and the outbox's log only, so it answers offline. */
export function orderHistoryHandler(use: UseWorkspace<HistoryParts>): Pick<Handlers, 'workorders:history'> {
  return {
    'workorders:history': ({ workOrderId }) => use((workspace) => workspace.history(workOrderId)),
  };
}
