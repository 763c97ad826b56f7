import { statusById, statusBySlug, type StatusSlug } from '../../../src-shared/api/status';
import type { WorkOrderOperation } from '../../../src-shared/api/transitions';
import { transitionFor } from '../../../src-shared/api/transitions';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import type { WorkOrdersApi } from '../../api-client/work-orders-api';
import { assigneeOf, routedProviders } from '../../../src-shared/domain/work-order-people';
import { docKey } from '../documents';
import { orderLabel, providerLabel } from '../entry-names';
import { operation, type Input, type KindWith, type Operation } from '../operation';

export const orderLane = (id: number): string => `wo:${id}`;

/**
 * What hangs off an order but is not one of its fields (its messages, problems, expenses, files):
 * each its own lane, so a refused change of the order's fields (an ETA, a title) holds back
 * neither a message to the technician nor a receipt, and they hold back nothing of the order's.
 */
export type OrderPart = 'messages' | 'problems' | 'expenses' | 'files';
export const orderPartLane = (id: number, part: OrderPart): string => `wo:${id}:${part}`;

/** The order as it will be once the marketplace takes the transition: the status of decisions §2, no sub-status. */
export function withStatus(order: WorkOrder, slug: StatusSlug): WorkOrder {
  const status = statusBySlug(slug);
  if (!status) return order;
  return { ...order, status: { ...order.status, id: status.id, name: status.name, display: status.name, code: slug, sub_status: '' } };
}

export const statusOf = (order: WorkOrder | undefined | null): StatusSlug | undefined => (order?.status ? statusById(order.status.id)?.slug : undefined);

type OrderInput = { id: number };
type TransitionKind = Extract<KindWith<OrderInput>, `workorders:${string}`>;

interface TransitionDefinition<K extends TransitionKind> {
  kind: K;
  operation: WorkOrderOperation;
  verb: string;
  undoable?: boolean;
  call(api: WorkOrdersApi, input: Input<K>, signal: AbortSignal): Promise<unknown>;
  /** When the call answers something other than the order (route answers the provider), the order is fetched afterwards. */
  answersOrder?: boolean;
  /**
   * Whether the marketplace's order shows this call landed, after an attempt whose answer was lost;
   * the target status by default. Route, unroute and assign name a provider, which the status alone
   * cannot tell (routed to another provider is routed too).
   */
  landed?(order: WorkOrder, input: Input<K>): boolean;
  describe?(input: Input<K>, context: Record<string, unknown>): string;
  /** Lanes of the order whose waiting entries must land first (an approval waits for its expenses and files). */
  after?(input: Input<K>): string[];
}

/**
 * A lifecycle transition of decisions §2 on one order. Shown at once as the target status; sent as
 * the transition; confirmed after an uncertain attempt by reading the order's status (a transition
 * to the state the order is in answers 200 anyway, so a resend is safe too).
 */
export function transition<K extends TransitionKind>(definition: TransitionDefinition<K>): Operation<K> {
  const target = transitionFor(definition.operation).to;
  const answersOrder = definition.answersOrder ?? true;
  return operation<K>({
    kind: definition.kind,
    lane: (input) => orderLane(input.id),
    after: definition.after,
    workOrderId: (input) => input.id,
    undoable: definition.undoable,
    summary: (input, context) => `${definition.verb} ${orderLabel(input.id, context)}${definition.describe ? ` ${definition.describe(input, context)}` : ''}`,
    docs: (input) => [docKey('workorder', input.id)],
    project: (_key, value, _input) => (value && target ? withStatus(value as WorkOrder, target) : value),
    mapIds: (input, map) => ({ ...input, id: map(input.id) }),
    async send(input, context) {
      const id = input.id;
      const answer = await definition.call(context.client.workOrders, input, context.signal);
      return answersOrder ? { docs: { [docKey('workorder', id)]: answer } } : { refresh: [id] };
    },
    async confirm(input, context) {
      const id = input.id;
      const order = await context.client.workOrders.get(id, { signal: context.signal });
      const landed = definition.landed ? definition.landed(order, input) : target !== null && statusOf(order) === target;
      return landed ? { docs: { [docKey('workorder', id)]: order } } : undefined;
    },
    changedFields: () => (target ? { status: statusBySlug(target)?.name } : {}),
  });
}

/** The lifecycle transitions of decisions §2, by channel. */
export const workOrderTransitions = {
  'workorders:publish': transition({ kind: 'workorders:publish', operation: 'publish', verb: 'Publish', call: (api, { id }, signal) => api.publish(id, { signal }) }),
  'workorders:unpublish': transition({ kind: 'workorders:unpublish', operation: 'unpublish', verb: 'Unpublish', call: (api, { id }, signal) => api.unpublish(id, { signal }) }),
  'workorders:revert': transition({ kind: 'workorders:revert', operation: 'revert', verb: 'Revert to draft', call: (api, { id }, signal) => api.revert(id, { signal }) }),
  // Unassigning takes the work from a technician: it waits out the undo window like assigning.
  'workorders:unassign': transition({ kind: 'workorders:unassign', operation: 'unassign', verb: 'Unassign', undoable: true, call: (api, { id }, signal) => api.unassign(id, { signal }) }),
  'workorders:approve': transition({
    kind: 'workorders:approve',
    operation: 'approve',
    verb: 'Approve',
    undoable: true,
    // The pay approved counts the approved expenses, and the reviews settle what was delivered.
    after: ({ id }) => [orderPartLane(id, 'expenses'), orderPartLane(id, 'files')],
    call: (api, { id }, signal) => api.approve(id, { signal }),
  }),
  'workorders:unapprove': transition({ kind: 'workorders:unapprove', operation: 'unapprove', verb: 'Unapprove', call: (api, { id }, signal) => api.unapprove(id, { signal }) }),
  'workorders:incomplete': transition({
    kind: 'workorders:incomplete',
    operation: 'incomplete',
    verb: 'Mark incomplete',
    call: (api, { id, reason }, signal) => api.incomplete(id, reason, { signal }),
  }),
  'workorders:route': transition({
    kind: 'workorders:route',
    operation: 'route',
    verb: 'Route',
    // A route tells the provider of the job at once: a wrong drop on the board must be takeable back.
    undoable: true,
    answersOrder: false,
    // An order routed to another provider is Routed already: only this provider among its routes says the route landed.
    landed: (order, { providerId }) => routedProviders(order).includes(providerId),
    describe: ({ providerId }, context) => `to ${providerLabel(providerId, context)}`,
    call: (api, { id, providerId }, signal) => api.route(id, { route: { technician: { id: providerId } } }, { signal }),
  }),
  'workorders:unroute': transition({
    kind: 'workorders:unroute',
    operation: 'unroute',
    verb: 'Unroute',
    answersOrder: false,
    // A resend after a lost answer would be refused ("not routed"): the provider gone from the routes says it landed.
    landed: (order, { providerId }) => !routedProviders(order).includes(providerId),
    describe: ({ providerId }, context) => `from ${providerLabel(providerId, context)}`,
    call: (api, { id, providerId }, signal) => api.unroute(id, { route: { technician: { id: providerId } } }, { signal }),
  }),
  'workorders:assign': transition({
    kind: 'workorders:assign',
    operation: 'assign',
    verb: 'Assign',
    undoable: true,
    // Assigned to somebody else meanwhile is not this assignment landing: that one goes on and is refused.
    landed: (order, { providerId }) => statusOf(order) === 'assigned' && assigneeOf(order) === providerId,
    describe: ({ providerId }, context) => `to ${providerLabel(providerId, context)}`,
    call: (api, { id, providerId }, signal) => api.assign(id, { assignee: providerId }, { signal }),
  }),
  'workorders:cancel': transition({
    kind: 'workorders:cancel',
    operation: 'cancel',
    verb: 'Cancel',
    undoable: true,
    call: (api, { id, reason, notes, messageToProvider }, signal) =>
      api.cancel(id, { cancel_reason: reason, ...(notes === undefined ? {} : { notes }), ...(messageToProvider === undefined ? {} : { message_to_provider: messageToProvider }) }, { signal }),
  }),
};
