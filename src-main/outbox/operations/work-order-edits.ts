import type { WorkOrder } from '../../../src-shared/api/work-order';
import { ApiError } from '../../api-client/api-error';
import { docKey } from '../documents';
import { operation } from '../operation';
import { orderLane, withStatus } from './work-order-transitions';
import { describeFields } from '../../../src-shared/domain/field-labels';
import { orderLabel } from '../entry-names';

/** A work order body's keys have the answer's shape (rich text, schedule, pay, location), so a shallow merge shows them as they will be. */
function merged(order: WorkOrder, changes: Record<string, unknown>): WorkOrder {
  return { ...order, ...changes } as WorkOrder;
}

/** The marketplace names the order an integration id already made: "... work order 10042 ...". */
function existingOrderId(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'API_REJECTED' || !error.fields.includes('integration.id')) return undefined;
  const match = /work order #?(\d+)/i.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

const tempIdOf = (context: Record<string, unknown>): number => context.tempId as number;

/**
 * A new draft, made offline as much as online: it shows at once under a temporary negative id.
 * It carries its entry id as `integration.id` (decisions §8), so a create whose answer was lost
 * finds the order it already made instead of making a second one.
 */
export const createWorkOrder = operation({
  kind: 'workorders:create',
  prepare: (_input, context) => ({ tempId: context.tempId }),
  lane: (_input, context) => orderLane(tempIdOf(context)),
  workOrderId: (_input, context) => tempIdOf(context),
  summary: (input) => `New order: ${input.order.title}`,
  docs: (_input, context) => [docKey('workorder', tempIdOf(context))],
  project: (_key, _value, input, context) => withStatus(merged({ id: tempIdOf(context) }, input.order), 'created'),
  mapIds: (input) => input,
  async send(input, context) {
    const temp = tempIdOf(context.context);
    const body = { ...input.order, integration: { ...input.order.integration, id: context.entryId, name: 'REST' as const } };
    let answer: WorkOrder;
    try {
      answer = await context.client.workOrders.create(body, { signal: context.signal });
    } catch (error) {
      const existing = existingOrderId(error);
      if (existing === undefined) throw error;
      answer = await context.client.workOrders.get(existing, { signal: context.signal });
    }
    return { created: { temp, real: answer.id }, docs: { [docKey('workorder', answer.id)]: answer } };
  },
  changedFields: (input) => input.order,
});

/** Only the keys the coordinator changed are sent (decisions §2: PUT is partial); resending them is harmless. */
export const updateWorkOrder = operation({
  kind: 'workorders:update',
  lane: (input) => orderLane(input.id),
  workOrderId: (input) => input.id,
  summary: (input, context) => `Edit the ${describeFields(Object.keys(input.changes))} of ${orderLabel(input.id, context)}`,
  docs: (input) => [docKey('workorder', input.id)],
  project: (_key, value, input) => (value ? merged(value as WorkOrder, input.changes) : value),
  mapIds: (input, map) => ({ ...input, id: map(input.id) }),
  async send(input, context) {
    const answer = await context.client.workOrders.update(input.id, input.changes, { signal: context.signal });
    return { docs: { [docKey('workorder', input.id)]: answer } };
  },
  changedFields: (input) => input.changes,
});

/** Auto-dispatch of several orders: waits for every earlier change of each, and their creates. */
export const autoDispatch = operation({
  kind: 'workorders:auto-dispatch',
  lane: () => 'auto-dispatch',
  after: (input) => input.ids.map(orderLane),
  workOrderId: (input) => (input.ids.length === 1 ? (input.ids[0] ?? null) : null),
  summary: (input, context) => `Auto-dispatch ${input.ids.length === 1 ? orderLabel(input.ids[0] ?? 0, context) : `${input.ids.length} orders`}`,
  docs: () => [],
  project: (_key, value) => value,
  mapIds: (input, map) => ({ ...input, ids: input.ids.map(map) }),
  async send(input, context) {
    const body = {
      work_order_ids: input.ids,
      ...(input.delay === undefined ? {} : { delay: input.delay }),
      ...(input.selectionRuleId === undefined ? {} : { selection_rule_id: input.selectionRuleId }),
      ...(input.shouldRoute === undefined ? {} : { should_route: input.shouldRoute }),
    };
    await context.client.workOrders.autoDispatch(body, { signal: context.signal });
    // The assignments come later, in the background; the next pull brings them.
    return { refresh: input.ids };
  },
});
