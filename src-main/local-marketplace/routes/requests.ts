import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { AsyncQuerySchema } from '../../../src-shared/api/form-fields';
import { PENDING_ASSIGNMENT_LIST, PendingProvidersSchema, ProviderRequestListSchema, ProviderRequestSchema } from '../../../src-shared/api/provider';
import { NearbyProvidersSchema, WorkOrderProvidersQuerySchema } from '../../../src-shared/api/provider-search';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { providersAroundOrder } from '../domain/provider-search';
import { closeRequestsOnOrderChanges, findRequest, listRequests, providersPendingAssignment } from '../domain/requests';
import { workOrderRepository } from '../domain/work-order-repository';
import { IdParam, route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Requests';

/** Providers' requests and counter-offers, as the buyer sees them (decisions §6). */
export function registerRequestRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  closeRequestsOnOrderChanges(context);
  const repository = workOrderRepository(context);

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/requests',
    summary: "List the providers' requests and counter-offers of a work order, open and closed",
    tag,
    params: WorkOrderParams,
    response: ProviderRequestListSchema,
    handler: ({ params, auth }) => listRequests(context, repository.findForCompany(auth.companyId, params.work_order_id)),
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/requests/:request_id',
    summary: 'Get one request or counter-offer',
    tag,
    params: WorkOrderParams.extend({ request_id: IdParam }),
    query: AsyncQuerySchema,
    response: z.union([ProviderRequestSchema, WorkerAnswerSchema]),
    handler: ({ params, query, auth, request }) => {
      const record = repository.findForCompany(auth.companyId, params.work_order_id);
      const found = findRequest(context, record, params.request_id);
      return nowOrLater(context, query.async, { request, auth }, () => found);
    },
  });

  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/providers',
    summary:
      'With list=find_providers_pending_assignment, the providers pending assignment, each profile carrying its open request. ' +
      'Without it (ours), the providers based within `radius` miles of the site, nearest first, each a User with coords.distance; f_type_of_work keeps those who do any of the ids; paged',
    tag,
    params: WorkOrderParams,
    query: WorkOrderProvidersQuerySchema,
    response: z.union([PendingProvidersSchema, NearbyProvidersSchema]),
    handler: ({ params, query, auth }) => {
      const record = repository.findForCompany(auth.companyId, params.work_order_id);
      if (query.list !== PENDING_ASSIGNMENT_LIST) return providersAroundOrder(context, record, query);
      const answer = providersPendingAssignment(context, record);
      return { ...answer, metadata: { ...answer.metadata, list: PENDING_ASSIGNMENT_LIST, view: query.view ?? 'list' } };
    },
  });
}
