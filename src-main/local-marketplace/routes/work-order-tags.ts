import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { TagListSchema, TagSchema } from '../../../src-shared/api/company';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { ApplyTagBodySchema } from '../../../src-shared/api/work-order-tags';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { appliedTag, listAppliedTags, prepareApplyTag, prepareRemoveTag } from '../domain/work-order-tags';
import { IdParam, route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Tags';
const TagParams = WorkOrderParams.extend({ tag_id: IdParam });
const TagOrWorker = z.union([TagSchema, WorkerAnswerSchema]);

/** Company tags on a work order (decisions §6); applying emits `workorder.tag_added`, removing `workorder.tag_removed`. */
export function registerWorkOrderTagRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/tags',
    summary: 'The company tags applied to a work order',
    tag,
    params: WorkOrderParams,
    response: TagListSchema,
    handler: ({ params, auth }) => listAppliedTags(context, auth.companyId, params.work_order_id),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/tags',
    summary: "Apply a company tag: tag={\"id\":N}; 400 naming tag when its valid_statuses exclude the order's status; applying it again is not an error (ours)",
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: ApplyTagBodySchema,
    response: TagOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, prepareApplyTag(context, auth, params.work_order_id, body.tag.id)),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/tags/:tag_id',
    summary: 'One tag applied to a work order; 404 when it is not applied',
    tag,
    params: TagParams,
    response: TagSchema,
    handler: ({ params, auth }) => appliedTag(context, auth.companyId, params.work_order_id, params.tag_id),
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: '/workorders/:work_order_id/tags/:tag_id',
    summary: 'Remove a tag from a work order; 404 when it is not applied',
    tag,
    params: TagParams,
    query: AsyncQuerySchema,
    response: TagOrWorker,
    handler: ({ params, query, auth, request }) => nowOrLater(context, query.async, { request, auth }, prepareRemoveTag(context, auth, params.work_order_id, params.tag_id)),
  });
}
