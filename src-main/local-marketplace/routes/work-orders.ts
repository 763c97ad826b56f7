import type { FastifyInstance, FastifyReply } from 'fastify';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { MilestonesSchema, WorkOrderStatusSchema } from '../../../src-shared/api/status';
import { CancelBodySchema } from '../../../src-shared/api/transitions';
import { WorkOrderSchema } from '../../../src-shared/api/work-order';
import { WorkOrderListQuerySchema, WorkOrderListSchema, WorkOrderListsAnswerSchema } from '../../../src-shared/api/work-order-list';
import { WorkOrderCreateBodySchema, WorkOrderUpdateBodySchema } from '../../../src-shared/api/work-order-requests';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { listItemsJson } from '../domain/work-order-list-items';
import { wholeList } from '../domain/work-order-parts';
import { countLists, listWorkOrders } from '../domain/work-order-list-query';
import { createWorkOrder, updateWorkOrder } from '../domain/work-order-editing';
import { presenterFor } from '../domain/work-order-presenter';
import { workOrderRepository } from '../domain/work-order-repository';
import { cancelWorkOrder, registerWorkOrderJobs } from '../domain/work-order-transitions';
import { acceptingForms } from '../http/form-body';
import { route } from '../http/route';
import { registerWorkOrderTransitionRoutes } from './work-orders-transitions';
import { WorkOrderOrWorker, WorkOrderParams } from './work-orders-input';

const tag = 'Work orders';

/** Sends text that is JSON already; `route()` finds the reply sent and adds nothing. */
function sendJsonText(reply: FastifyReply, text: string): never {
  void reply.type('application/json; charset=utf-8').send(text);
  return undefined as never;
}

/** Work orders: create, read, list, edit, cancel (spec, Work orders; decisions §2, §3). */
export function registerWorkOrderRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  registerWorkOrderJobs(context);
  const repository = workOrderRepository(context);

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders',
    summary: 'Create a work order; a title alone makes a draft',
    tag,
    body: acceptingForms(WorkOrderCreateBodySchema),
    response: WorkOrderSchema,
    handler: ({ body, auth }) => presenterFor(context).workOrder(createWorkOrder(context, auth, body)),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders',
    summary: 'List work orders: lists, filters, sorting and paging of decisions §3',
    tag,
    query: WorkOrderListQuerySchema,
    response: WorkOrderListSchema,
    handler: ({ query, auth, reply }) => {
      const page = listWorkOrders(context, auth.companyId, query);
      const results = listItemsJson(context, page.ids).join(',');
      return sendJsonText(reply, `{"metadata":${JSON.stringify(page.metadata)},"results":[${results}],"actions":["create"]}`);
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/lists',
    summary: 'The work order lists with their counts',
    tag,
    response: WorkOrderListsAnswerSchema,
    handler: ({ auth }) => {
      return wholeList(countLists(context, auth.companyId));
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id',
    summary: 'Get a work order',
    tag,
    params: WorkOrderParams,
    response: WorkOrderSchema,
    handler: ({ params, auth }) => presenterFor(context).workOrder(repository.findForCompany(auth.companyId, params.work_order_id)),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: '/workorders/:work_order_id',
    summary: 'Update a work order: only the keys sent change (Draft, Published, Routed, Assigned)',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: acceptingForms(WorkOrderUpdateBodySchema),
    response: WorkOrderOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, () => presenterFor(context).workOrder(updateWorkOrder(context, auth, params.work_order_id, body))),
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: '/workorders/:work_order_id',
    summary: 'Cancel a work order (any status but Paid and Cancelled)',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: CancelBodySchema,
    response: WorkOrderOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, () => presenterFor(context).workOrder(cancelWorkOrder(context, auth, params.work_order_id, body))),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/status',
    summary: 'Get the status of a work order',
    tag,
    params: WorkOrderParams,
    response: WorkOrderStatusSchema,
    handler: ({ params, auth }) => presenterFor(context).status(repository.findForCompany(auth.companyId, params.work_order_id)),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/milestones',
    summary: 'Get the milestones of a work order',
    tag,
    params: WorkOrderParams,
    response: MilestonesSchema,
    handler: ({ params, auth }) => presenterFor(context).milestones(repository.findForCompany(auth.companyId, params.work_order_id)),
  });

  registerWorkOrderTransitionRoutes(app, context);
}
