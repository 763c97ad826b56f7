import type { WorkOrder } from '../../../src-shared/api/work-order';
import { formatMoment, epochOfUtc, siteZoneOf } from '../../../src-shared/domain/moments';
import { docKey } from '../documents';
import { orderLabel } from '../entry-names';
import { operation } from '../operation';
import { orderLane } from './work-order-transitions';

/**
 * A move of the order's service window, as the dispatch board makes it: the schedule alone, kept in
 * its mode. Unlike an edit it has the undo window, as a drag is easily made by mistake.
 */
export const rescheduleWorkOrder = operation({
  kind: 'workorders:reschedule',
  undoable: true,
  lane: (input) => orderLane(input.id),
  workOrderId: (input) => input.id,
  summary: (input, context) => {
    const start = epochOfUtc(input.window.start.utc);
    const when = start === undefined ? '' : ` to ${formatMoment(start, context.timeZone as string)}`;
    return `Move ${orderLabel(input.id, context)}${when}`;
  },
  prepare: (input, context) => ({ timeZone: siteZoneOf(context.read(docKey('workorder', input.id)) as WorkOrder | null) }),
  docs: (input) => [docKey('workorder', input.id)],
  project: (_key, value, input) => (value ? ({ ...(value as WorkOrder), schedule: { ...(value as WorkOrder).schedule, service_window: input.window } } as WorkOrder) : value),
  mapIds: (input, map) => ({ ...input, id: map(input.id) }),
  async send(input, context) {
    const answer = await context.client.workOrders.update(input.id, { schedule: { service_window: input.window } }, { signal: context.signal });
    return { docs: { [docKey('workorder', input.id)]: answer } };
  },
  changedFields: (input) => ({ schedule: { service_window: input.window } }),
});
