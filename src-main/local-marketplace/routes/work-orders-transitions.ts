import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { ProviderProfileSchema } from '../../../src-shared/api/provider';
import { INCOMPLETE_REASONS } from '../../../src-shared/api/reference-data';
import { AssigneeBodySchema, RouteBodySchema } from '../../../src-shared/api/routing';
import { IncompleteQuerySchema, type TransitionMethod } from '../../../src-shared/api/transitions';
import type { AuthInfo } from '../auth/require-token';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { presenterFor } from '../domain/work-order-presenter';
import type { WorkOrderRecord } from '../domain/work-order-record';
import {
  approveWorkOrder,
  assignWorkOrder,
  completeWorkOrder,
  markWorkOrderIncomplete,
  publishWorkOrder,
  revertWorkOrder,
  routeWorkOrder,
  unapproveWorkOrder,
  unassignWorkOrder,
  unpublishWorkOrder,
  unrouteWorkOrder,
} from '../domain/work-order-transitions';
import { invalidInput } from '../http/errors';
import { route } from '../http/route';
import { WorkOrderOrWorker, WorkOrderParams } from './work-orders-input';

const tag = 'Work order lifecycle';

const ProviderOrWorker = z.union([ProviderProfileSchema, WorkerAnswerSchema]);

/** The transitions of decisions §2 that take no body; each answers the work order. */
const PLAIN_TRANSITIONS: readonly {
  method: TransitionMethod;
  path: string;
  summary: string;
  change: (context: MarketplaceContext, auth: AuthInfo, workOrderId: number) => WorkOrderRecord;
}[] = [
  { method: 'POST', path: '/publish', summary: 'Publish (Draft, Routed → Published); needs types of work, location, schedule and pay', change: publishWorkOrder },
  { method: 'DELETE', path: '/publish', summary: 'Unpublish (Published → Draft)', change: unpublishWorkOrder },
  { method: 'DELETE', path: '/draft', summary: 'Revert to draft (Published, Routed → Draft)', change: revertWorkOrder },
  { method: 'DELETE', path: '/assignee', summary: 'Unassign the provider (Assigned → Published)', change: unassignWorkOrder },
  { method: 'POST', path: '/complete', summary: "Mark the work done (Assigned → Work Done); the provider's action", change: completeWorkOrder },
  { method: 'POST', path: '/approve', summary: 'Approve (Work Done → Approved); the order is paid automatically after the pay delay', change: approveWorkOrder },
  { method: 'DELETE', path: '/approve', summary: 'Unapprove (Approved → Work Done), only before it is paid', change: unapproveWorkOrder },
];

const KNOWN_INCOMPLETE_REASONS: ReadonlySet<number> = new Set(INCOMPLETE_REASONS.map((reason) => reason.id));

export function registerWorkOrderTransitionRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  for (const transition of PLAIN_TRANSITIONS) {
    route(app, context.routes, {
      method: transition.method,
      url: `/workorders/:work_order_id${transition.path}`,
      summary: transition.summary,
      tag,
      params: WorkOrderParams,
      query: AsyncQuerySchema,
      response: WorkOrderOrWorker,
      handler: ({ params, query, auth, request }) =>
        nowOrLater(context, query.async, { request, auth }, () => presenterFor(context).workOrder(transition.change(context, auth, params.work_order_id))),
    });
  }

  route(app, context.routes, {
    method: 'DELETE',
    url: '/workorders/:work_order_id/complete',
    summary: 'Mark the work incomplete (Work Done → Assigned), with the id of an incomplete reason',
    tag,
    params: WorkOrderParams,
    query: IncompleteQuerySchema,
    response: WorkOrderOrWorker,
    handler: ({ params, query, auth, request }) => {
      if (!KNOWN_INCOMPLETE_REASONS.has(query.reason)) throw invalidInput(`Unknown incomplete reason ${query.reason}`, ['reason']);
      return nowOrLater(context, query.async, { request, auth }, () => presenterFor(context).workOrder(markWorkOrderIncomplete(context, auth, params.work_order_id)));
    },
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/assignee',
    summary: 'Assign a provider (Draft, Published, Routed → Assigned); closes the routes',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: AssigneeBodySchema,
    response: WorkOrderOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, () => presenterFor(context).workOrder(assignWorkOrder(context, auth, params.work_order_id, body.assignee))),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/route',
    summary: 'Route to a provider (Draft, Published, Routed → Routed); answers the provider profile',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: RouteBodySchema,
    response: ProviderOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, () => routeWorkOrder(context, auth, params.work_order_id, body.route.technician.id)),
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: '/workorders/:work_order_id/route',
    summary: 'Close a route; the last one takes the order back to Published or Draft; answers the provider profile',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: RouteBodySchema,
    response: ProviderOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, () => unrouteWorkOrder(context, auth, params.work_order_id, body.route.technician.id)),
  });
}
