import type { FastifyInstance } from 'fastify';
import { ShipmentListSchema } from '../../../src-shared/api/shipment';
import type { MarketplaceContext } from '../context';
import { listShipments } from '../domain/shipments';
import { workOrderRepository } from '../domain/work-order-repository';
import { route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

/** Shipments are the provider's (decisions §6): the buyer reads them; the simulation writes them. */
export function registerShipmentRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/shipments',
    summary: 'List the shipments of parts to and from the site',
    tag: 'Shipments',
    params: WorkOrderParams,
    response: ShipmentListSchema,
    handler: ({ params, auth }) => listShipments(context, workOrderRepository(context).findForCompany(auth.companyId, params.work_order_id)),
  });
}
