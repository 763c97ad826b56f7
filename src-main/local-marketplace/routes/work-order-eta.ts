import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { EtaBodySchema, EtaSchema } from '../../../src-shared/api/eta';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { etaOfOrder, prepareSetEta } from '../domain/work-order-eta';
import { route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'ETA';
const EtaOrWorker = z.union([EtaSchema, WorkerAnswerSchema]);

/** The technician's ETA on a work order (decisions §6). */
export function registerWorkOrderEtaRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/eta',
    summary: "The technician's ETA; before one is set, the order's schedule with status unconfirmed",
    tag,
    params: WorkOrderParams,
    response: EtaSchema,
    handler: ({ params, auth }) => etaOfOrder(context, auth.companyId, params.work_order_id),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: '/workorders/:work_order_id/eta',
    summary: 'Set the ETA: eta={mode (exact | between | hours), start, end, hour_estimate, notes}; only while Assigned; its status becomes set',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: EtaBodySchema,
    response: EtaOrWorker,
    handler: ({ params, query, body, auth, request }) => nowOrLater(context, query.async, { request, auth, body }, prepareSetEta(context, auth, params.work_order_id, body.eta)),
  });
}
