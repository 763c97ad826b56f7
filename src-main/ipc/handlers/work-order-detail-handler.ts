import type { WorkOrderDetail } from '../../../src-shared/ipc/channels';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What an order's detail uses of a workspace. */
export interface DetailParts {
  detail(id: number): WorkOrderDetail;
  refreshWorkOrder(id: number): Promise<WorkOrderDetail>;
}

/**
 * One order with its attachment metadata, expenses and provider requests. `workorders:detail` reads
 * the cache only (the pull fills the parts when it fetches the order's full answer; until then
 * `partsFetchedAt` is null); `workorders:refresh` asks the marketplace first, for an order being opened.
 */
export function workOrderDetailHandler(use: UseWorkspace<DetailParts>): Pick<Handlers, 'workorders:detail' | 'workorders:refresh'> {
  return {
    'workorders:detail': ({ id }) => use((workspace) => workspace.detail(id)),
    'workorders:refresh': ({ id }) => use((workspace) => workspace.refreshWorkOrder(id)),
  };
}
