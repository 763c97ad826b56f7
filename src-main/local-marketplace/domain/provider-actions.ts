import type { StatusSlug } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';
import { MarketplaceError } from '../http/errors';
import { requireAssignee, requireOrder, requireProviderUser } from './provider-common';
import { closeTimeLog, hasOpenTimeLog, openTimeLog } from './time-logs';
import { moveEtaStatus } from './work-order-eta';
import type { WorkOrderRecord } from './work-order-record';
import { completeWorkOrder, setSubStatus } from './work-order-transitions';

// The assigned provider's progress on site (decisions §1, §9), for the simulation: each step
// checks that the provider is the order's assignee, then sets the sub-status through
// `setSubStatus`, which emits the step's event (decisions §7).

/** Who acts on which order. */
export interface ProviderStep {
  workOrderId: number;
  providerId: number;
}

/** The order, if the step's provider is its assignee and it is in one of `statuses`. */
function assignedOrder(context: MarketplaceContext, step: ProviderStep, verb: string, statuses?: readonly StatusSlug[]): WorkOrderRecord {
  const record = requireOrder(context, step.workOrderId);
  requireProviderUser(context, step.providerId, 'provider_id');
  requireAssignee(record, step.providerId, verb, statuses);
  return record;
}

/** Confirming confirms the ETA too (decisions §6). */
export function confirmAssignment(context: MarketplaceContext, step: ProviderStep): WorkOrderRecord {
  return context.db.transaction(() => {
    assignedOrder(context, step, 'confirm');
    moveEtaStatus(context, step.workOrderId, 'confirmed');
    return setSubStatus(context, step.workOrderId, 'confirmed');
  })();
}

export function reportOnMyWay(context: MarketplaceContext, step: ProviderStep): WorkOrderRecord {
  return context.db.transaction(() => {
    assignedOrder(context, step, 'report on my way');
    moveEtaStatus(context, step.workOrderId, 'onmyway');
    return setSubStatus(context, step.workOrderId, 'on_my_way');
  })();
}

/** Running late: `delayed`, with the seconds the provider expects to be late (`status.delay`). */
export function reportDelay(context: MarketplaceContext, step: ProviderStep, delaySeconds: number): WorkOrderRecord {
  assignedOrder(context, step, 'report a delay');
  return setSubStatus(context, step.workOrderId, 'delayed', delaySeconds);
}

/** On site: `checked_in`, and a time log starts. */
export function checkIn(context: MarketplaceContext, step: ProviderStep): WorkOrderRecord {
  return context.db.transaction(() => {
    assignedOrder(context, step, 'check in');
    openTimeLog(context, step.workOrderId, step.providerId, context.clock.now());
    return setSubStatus(context, step.workOrderId, 'checked_in');
  })();
}

/** Leaving the site: `checked_out`, and the open time log ends. */
export function checkOut(context: MarketplaceContext, step: ProviderStep): WorkOrderRecord {
  return context.db.transaction(() => {
    assignedOrder(context, step, 'check out');
    if (!hasOpenTimeLog(context, step.workOrderId)) {
      throw new MarketplaceError('INVALID_TRANSITION', `Can not check out: provider ${step.providerId} is not checked in to work order ${step.workOrderId}`);
    }
    closeTimeLog(context, step.workOrderId, context.clock.now());
    return setSubStatus(context, step.workOrderId, 'checked_out');
  })();
}

/**
 * The work is done (Assigned → Work Done) by the provider, who is the actor of its event. A time
 * log left open ends now: nobody stays checked in on finished work. Again on a Work Done order
 * changes nothing (decisions §2).
 */
export function completeWork(context: MarketplaceContext, step: ProviderStep): WorkOrderRecord {
  return context.db.transaction(() => {
    const record = assignedOrder(context, step, 'complete the work', ['assigned', 'workdone']);
    closeTimeLog(context, record.id, context.clock.now());
    return completeWorkOrder(context, { userId: step.providerId, companyId: record.companyId }, record.id);
  })();
}
