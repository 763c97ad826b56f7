import type { FastifyInstance } from 'fastify';
import { TimeLogListSchema } from '../../../src-shared/api/time-log';
import type { MarketplaceContext } from '../context';
import { listTimeLogs } from '../domain/time-logs';
import { workOrderRepository } from '../domain/work-order-repository';
import { route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

/** Time logs are the provider's (decisions §6): the buyer reads them; the simulation writes them. */
export function registerTimeLogRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/time_logs',
    summary: 'List the time the assigned provider logged on site',
    tag: 'Time logs',
    params: WorkOrderParams,
    response: TimeLogListSchema,
    handler: ({ params, auth }) => listTimeLogs(context, workOrderRepository(context).findForCompany(auth.companyId, params.work_order_id)),
  });
}
