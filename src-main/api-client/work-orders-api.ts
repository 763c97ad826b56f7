import {
  AssigneeBodySchema,
  AutoDispatchBodySchema,
  CancelBodySchema,
  IncompleteQuerySchema,
  MilestonesSchema,
  ProviderProfileSchema,
  RouteBodySchema,
  ApplyTagBodySchema,
  EtaBodySchema,
  EtaSchema,
  TagListSchema,
  TagSchema,
  WorkerAnswerSchema,
  WorkOrderCreateBodySchema,
  WorkOrderListQuerySchema,
  WorkOrderListSchema,
  WorkOrderListsAnswerSchema,
  WorkOrderSchema,
  WorkOrderStatusSchema,
  WorkOrderUpdateBodySchema,
} from '../../src-shared/api';
import type { HttpMethod } from './http-transport';
import { type CallOptions, type Input, queryOf, type RestCaller, segment, validated } from './rest-caller';

/** Work orders: CRUD, lists, and every transition of decisions §2 (always answered synchronously). */
export class WorkOrdersApi {
  constructor(private readonly rest: RestCaller) {}

  async list(query: Input<typeof WorkOrderListQuerySchema> = {}, { signal }: CallOptions = {}) {
    const sent = validated(WorkOrderListQuerySchema, query, 'work order list query');
    return this.rest.call({ method: 'GET', path: 'workorders', query: queryOf(sent), response: WorkOrderListSchema, signal });
  }

  /** The saved lists with their counts. */
  async lists({ signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: 'workorders/lists', response: WorkOrderListsAnswerSchema, signal });
  }

  async get(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: orderPath(workOrderId), response: WorkOrderSchema, signal });
  }

  async create(body: Input<typeof WorkOrderCreateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(WorkOrderCreateBodySchema, body, 'new work order');
    return this.rest.call({ method: 'POST', path: 'workorders', body: sent, response: WorkOrderSchema, signal });
  }

  async update(workOrderId: number, body: Input<typeof WorkOrderUpdateBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(WorkOrderUpdateBodySchema, body, 'work order change');
    return this.rest.call({ method: 'PUT', path: orderPath(workOrderId), body: sent, response: WorkOrderSchema, signal });
  }

  async cancel(workOrderId: number, body: Input<typeof CancelBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(CancelBodySchema, body, 'cancellation');
    return this.rest.call({ method: 'DELETE', path: orderPath(workOrderId), body: sent, response: WorkOrderSchema, signal });
  }

  async status(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/status`, response: WorkOrderStatusSchema, signal });
  }

  async milestones(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/milestones`, response: MilestonesSchema, signal });
  }

  async publish(workOrderId: number, options?: CallOptions) {
    return this.transition('POST', workOrderId, '/publish', options);
  }

  async unpublish(workOrderId: number, options?: CallOptions) {
    return this.transition('DELETE', workOrderId, '/publish', options);
  }

  /** Back to draft from Published or Routed. */
  async revert(workOrderId: number, options?: CallOptions) {
    return this.transition('DELETE', workOrderId, '/draft', options);
  }

  /** Answers the provider the order was routed to. */
  async route(workOrderId: number, body: Input<typeof RouteBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(RouteBodySchema, body, 'route');
    return this.rest.call({ method: 'POST', path: `${orderPath(workOrderId)}/route`, body: sent, response: ProviderProfileSchema, signal });
  }

  async unroute(workOrderId: number, body: Input<typeof RouteBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(RouteBodySchema, body, 'route');
    return this.rest.call({ method: 'DELETE', path: `${orderPath(workOrderId)}/route`, body: sent, response: ProviderProfileSchema, signal });
  }

  async assign(workOrderId: number, body: Input<typeof AssigneeBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(AssigneeBodySchema, body, 'assignee');
    return this.rest.call({ method: 'POST', path: `${orderPath(workOrderId)}/assignee`, body: sent, response: WorkOrderSchema, signal });
  }

  async unassign(workOrderId: number, options?: CallOptions) {
    return this.transition('DELETE', workOrderId, '/assignee', options);
  }

  async complete(workOrderId: number, options?: CallOptions) {
    return this.transition('POST', workOrderId, '/complete', options);
  }

  /** Work Done → Assigned, with the id of an incomplete reason. */
  async incomplete(workOrderId: number, reasonId: number, { signal }: CallOptions = {}) {
    const query = validated(IncompleteQuerySchema, { reason: reasonId }, 'incomplete reason');
    return this.rest.call({ method: 'DELETE', path: `${orderPath(workOrderId)}/complete`, query: queryOf(query), response: WorkOrderSchema, signal });
  }

  async approve(workOrderId: number, options?: CallOptions) {
    return this.transition('POST', workOrderId, '/approve', options);
  }

  async unapprove(workOrderId: number, options?: CallOptions) {
    return this.transition('DELETE', workOrderId, '/approve', options);
  }

  /** Answers the background worker that dispatches; the assignments come later. */
  async autoDispatch(body: Input<typeof AutoDispatchBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(AutoDispatchBodySchema, body, 'auto-dispatch request');
    return this.rest.call({ method: 'POST', path: 'workorders/auto_dispatch', body: sent, response: WorkerAnswerSchema, signal });
  }

  /** The company tags applied to the order (decisions §6). */
  async tags(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/tags`, response: TagListSchema, signal });
  }

  /** Applies a company tag; applying it again is not an error. Answers the tag, not the order. */
  async applyTag(workOrderId: number, tagId: number, { signal }: CallOptions = {}) {
    const sent = validated(ApplyTagBodySchema, { tag: { id: tagId } }, 'tag');
    return this.rest.call({ method: 'POST', path: `${orderPath(workOrderId)}/tags`, body: sent, response: TagSchema, signal });
  }

  /** Removes an applied tag (API_NOT_FOUND when it is not applied). Answers the tag. */
  async removeTag(workOrderId: number, tagId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'DELETE', path: `${orderPath(workOrderId)}/tags/${segment(tagId)}`, response: TagSchema, signal });
  }

  /** The technician's ETA (decisions §6). */
  async eta(workOrderId: number, { signal }: CallOptions = {}) {
    return this.rest.call({ method: 'GET', path: `${orderPath(workOrderId)}/eta`, response: EtaSchema, signal });
  }

  /** Sets the ETA while the order is Assigned; answers the ETA, not the order. */
  async setEta(workOrderId: number, body: Input<typeof EtaBodySchema>, { signal }: CallOptions = {}) {
    const sent = validated(EtaBodySchema, body, 'ETA');
    return this.rest.call({ method: 'PUT', path: `${orderPath(workOrderId)}/eta`, body: sent, response: EtaSchema, signal });
  }

  private transition(method: HttpMethod, workOrderId: number, suffix: string, { signal }: CallOptions = {}) {
    return this.rest.call({ method, path: `${orderPath(workOrderId)}${suffix}`, response: WorkOrderSchema, signal });
  }
}

export function orderPath(workOrderId: number): string {
  return `workorders/${segment(workOrderId)}`;
}
