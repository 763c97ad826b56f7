import type { FastifyInstance } from 'fastify';
import { listEnvelope } from '../../../src-shared/api/common';
import { SwapAnswerSchema, SwapRequestIdSchema, SwapSchema } from '../../../src-shared/api/swap';
import type { MarketplaceContext } from '../context';
import { acceptSwap, declineSwap, listSwaps } from '../domain/swaps';
import { workOrderRepository } from '../domain/work-order-repository';
import { route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Swaps';

const SwapParams = WorkOrderParams.extend({ swap_request_id: SwapRequestIdSchema });

/** Swaps (decisions §6): an assigned provider asks to hand the order to another; the buyer decides. */
export function registerSwapRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/swaps',
    summary: 'List the swap requests of a work order',
    tag,
    params: WorkOrderParams,
    response: listEnvelope(SwapSchema),
    handler: ({ params, auth }) => listSwaps(context, workOrderRepository(context).findForCompany(auth.companyId, params.work_order_id)),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/swaps/:swap_request_id/accept',
    summary: 'Accept a swap request: the provider it names becomes the assignee',
    tag,
    params: SwapParams,
    response: SwapAnswerSchema,
    handler: ({ params, auth }) => acceptSwap(context, auth, params.work_order_id, params.swap_request_id),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/swaps/:swap_request_id/decline',
    summary: 'Decline a swap request: the assignee stays',
    tag,
    params: SwapParams,
    response: SwapAnswerSchema,
    handler: ({ params, auth }) => declineSwap(context, auth, params.work_order_id, params.swap_request_id),
  });
}
