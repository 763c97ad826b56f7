import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

/**
 * One order with its attachment metadata, expenses and provider requests. `workorders:detail` reads
 * the cache only (the pull fills the parts when it fetches the order's full answer; until then
 * `partsFetchedAt` is null); `workorders:refresh` asks the marketplace first, for an order being opened.
 */
export function workOrderDetailHandler(services: AppServices): Pick<Handlers, 'workorders:detail' | 'workorders:refresh'> {
  return {
    'workorders:detail': ({ id }) => services.use((workspace) => workspace.detail(id)),
    'workorders:refresh': ({ id }) => services.use((workspace) => workspace.refreshWorkOrder(id)),
  };
}
