import type { Eta, EtaInput } from '../../../src-shared/api/eta';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { canSetEta } from '../../../src-shared/domain/eta';
import { AppError } from '../../../src-shared/errors';
import { docKey } from '../documents';
import { operation, type SendContext } from '../operation';
import { orderLane, statusOf } from './work-order-transitions';
import { orderLabel, siteTime } from '../entry-names';

// The technician's ETA (decisions §6): shown at once on the cached order as set, sent as PUT
// workorders/{id}/eta, which answers the ETA; the order is fetched after, as for tags.

/** The ETA as the coordinator set it, before the marketplace adds the local times and the user. */
function etaShown(order: WorkOrder, eta: EtaInput): Eta {
  return {
    ...(order.eta ?? {}),
    work_order_id: order.id,
    mode: eta.mode,
    start: { utc: eta.start.utc },
    end: eta.mode === 'between' ? { utc: eta.end.utc } : null,
    hour_estimate: eta.hour_estimate ?? null,
    notes: eta.notes ?? '',
    status: { name: 'set', updated: null },
  };
}

/** Whether the marketplace's ETA is this one (after an attempt whose answer was lost): the same mode, times and notes. */
function isSame(answer: Eta, eta: EtaInput): boolean {
  return (
    answer.mode === eta.mode &&
    answer.start?.utc === eta.start.utc &&
    (eta.mode !== 'between' || answer.end?.utc === eta.end.utc) &&
    (answer.hour_estimate ?? null) === (eta.hour_estimate ?? null) &&
    (answer.notes ?? '') === (eta.notes ?? '') &&
    answer.status?.name !== 'unconfirmed'
  );
}

/** The marketplace's last known order with the ETA it answered: the new base at once, then a refresh. */
function settled(id: number, context: SendContext, answer: Eta) {
  const key = docKey('workorder', id);
  const base = context.base(key) as WorkOrder | null | undefined;
  return { ...(base ? { docs: { [key]: { ...base, eta: answer } } } : {}), refresh: [id] };
}

export const setWorkOrderEta = operation({
  kind: 'workorders:set-eta',
  lane: (input) => orderLane(input.id),
  workOrderId: (input) => input.id,
  summary: (input, context) => `Set the ETA of ${orderLabel(input.id, context)} to ${siteTime(input.eta.start.utc, context)}${input.eta.mode === 'between' ? ` – ${siteTime(input.eta.end.utc, context)}` : ''}`,
  /** Checked against the order as the coordinator sees it, queued changes included (an unassign waiting refuses it). */
  prepare(input, context) {
    const order = context.read(docKey('workorder', input.id)) as WorkOrder | null;
    if (!order) throw new AppError('WORK_ORDER_NOT_FOUND');
    const status = statusOf(order);
    if (status && !canSetEta(status)) throw new AppError('OUTBOX_NOT_ALLOWED', `The ETA can be set only while the order is Assigned; it is ${order.status?.name ?? status}.`);
    return {};
  },
  docs: (input) => [docKey('workorder', input.id)],
  project: (_key, value, input) => (value ? { ...(value as WorkOrder), eta: etaShown(value as WorkOrder, input.eta) } : value),
  mapIds: (input, map) => ({ ...input, id: map(input.id) }),
  async send(input, context) {
    const answer = await context.client.workOrders.setEta(input.id, { eta: input.eta }, { signal: context.signal });
    return settled(input.id, context, answer);
  },
  // Setting the same ETA twice is harmless; the marketplace's ETA says whether a resend is needed.
  async confirm(input, context) {
    const answer = await context.client.workOrders.eta(input.id, { signal: context.signal });
    return isSame(answer, input.eta) ? settled(input.id, context, answer) : undefined;
  },
  changedFields: (input) => ({ eta: input.eta }),
});
