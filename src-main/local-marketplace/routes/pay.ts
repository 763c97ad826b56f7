import type { FastifyInstance } from 'fastify';
import { PaySchema } from '../../../src-shared/api/pay';
import type { MarketplaceContext } from '../context';
import { getPay } from '../domain/pay';
import { route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

/** The pay of a work order (decisions §6: read-only here; PUT workorders/{id} changes it). */
export function registerPayRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/pay',
    summary: 'The pay of a work order, with labor_sum, total (labour plus approved expenses) and the expenses',
    tag: 'Pay',
    params: WorkOrderParams,
    response: PaySchema,
    handler: ({ params, auth }) => getPay(context, auth.companyId, params.work_order_id),
  });
}
