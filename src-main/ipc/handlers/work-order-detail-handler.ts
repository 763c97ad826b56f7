import { AppError } from '../../../src-shared/errors';
import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

/**
 * One order with its attachment metadata, expenses and provider requests, from the cache only. The
 * pull fills the parts when it fetches the order's full answer; until then `partsFetchedAt` is null.
 */
export function workOrderDetailHandler(services: AppServices): Pick<Handlers, 'workorders:detail'> {
  return {
    'workorders:detail': async ({ id }) => {
      const workspace = await services.workspace();
      // One read transaction: a pull writing the order and then its parts is seen before or after, never between.
      const read = workspace.db.transaction(() => ({ order: workspace.workOrders.get(id), parts: workspace.parts.get(id) }));
      const { order, parts } = read();
      if (!order) throw new AppError('WORK_ORDER_NOT_FOUND');
      const { fetchedAt, ...lists } = parts;
      return { order, ...lists, partsFetchedAt: fetchedAt };
    },
  };
}
