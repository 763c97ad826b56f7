import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { MessageBodySchema, MessageListSchema, MessageSchema } from '../../../src-shared/api/message';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { listMessages, postBuyerMessage, requireMessage } from '../domain/messages';
import { workOrderRepository } from '../domain/work-order-repository';
import { IdParam, route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Messages';

const MessageOrWorkerSchema = z.union([MessageSchema, WorkerAnswerSchema]);

/** Messages between the buyer and the providers (decisions §6); each post emits `workorder.message_posted`. */
export function registerMessageRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/messages',
    summary: 'List the message threads of a work order, replies nested',
    tag,
    params: WorkOrderParams,
    response: MessageListSchema,
    handler: ({ params, auth }) => listMessages(context, workOrderRepository(context).findForCompany(auth.companyId, params.work_order_id)),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/messages',
    summary: 'Start a message thread, to the assigned provider once there is one; answers the message',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: MessageBodySchema,
    response: MessageOrWorkerSchema,
    handler: ({ params, query, body, auth, request }) => {
      workOrderRepository(context).findForCompany(auth.companyId, params.work_order_id);
      return nowOrLater(context, query.async, { request, auth, body }, () => postBuyerMessage(context, auth, params.work_order_id, body.message));
    },
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/messages/:message_id',
    summary: 'Reply to a message; answers the reply',
    tag,
    params: WorkOrderParams.extend({ message_id: IdParam }),
    query: AsyncQuerySchema,
    body: MessageBodySchema,
    response: MessageOrWorkerSchema,
    handler: ({ params, query, body, auth, request }) => {
      requireMessage(context, auth, params.work_order_id, params.message_id);
      return nowOrLater(context, query.async, { request, auth, body }, () => postBuyerMessage(context, auth, params.work_order_id, body.message, params.message_id));
    },
  });
}
