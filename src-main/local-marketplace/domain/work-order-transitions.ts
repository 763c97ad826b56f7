import { missingForDispatch } from '../../../src-shared/domain/work-order-rules';
import { z } from 'zod';
import type { ProviderProfile } from '../../../src-shared/api/provider';
import type { StatusSlug, SubStatus } from '../../../src-shared/api/status';
import type { CancelBody } from '../../../src-shared/api/transitions';
import type { WorkOrderCreateBody } from '../../../src-shared/api/work-order-requests';
import type { MarketplaceContext } from '../context';
import { invalidInput, MarketplaceError, notFound } from '../http/errors';
import { providerProfile } from './providers';
import { type Actor, type ChangeStep, changeWorkOrder, domainEvent, emitAfterCommit, moveTo, notAllowed } from './work-order-lifecycle';
import { type WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

// The operations of decisions §2. The transition table itself is `WORK_ORDER_TRANSITIONS`;
// `changeWorkOrder` checks it, and each operation adds its preconditions and effects.

const PAY_JOB = 'workorder.pay';
const PayJobSchema = z.object({ workOrderId: z.number().int() });

function requireDispatchable(operation: 'publish' | 'assign', fields: WorkOrderCreateBody): void {
  const missing = missingForDispatch(fields);
  if (missing.length > 0) throw invalidInput(`Can not ${operation}: the work order needs ${missing.join(', ')}`, missing);
}

/** The common shape: to `target` with one event, or unchanged when already there. */
function simpleMove(target: StatusSlug, eventName: string, effect?: (step: ChangeStep) => void) {
  return (step: ChangeStep) => {
    if (step.record.status === target) return 'unchanged' as const;
    effect?.(step);
    moveTo(step, target);
    return [eventName];
  };
}

function cancelPayJob(context: MarketplaceContext, workOrderId: number): void {
  context.scheduler.cancel(PAY_JOB, (payload) => PayJobSchema.safeParse(payload).data?.workOrderId === workOrderId);
}

function requireProvider(context: MarketplaceContext, providerId: number, field: string): ProviderProfile {
  const provider = providerProfile(context, providerId);
  if (!provider) throw invalidInput(`Provider ${providerId} not found`, [field]);
  return provider;
}

export function publishWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'publish', simpleMove('published', 'workorder.status.published', ({ record }) => requireDispatchable('publish', record.data.fields)));
}

export function unpublishWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'unpublish', simpleMove('created', 'workorder.status.draft'));
}

export function revertWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'revert', simpleMove('created', 'workorder.status.draft'));
}

/** Offers the order to one provider; routing another keeps the earlier routes open. */
export function routeWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number, providerId: number): ProviderProfile {
  let provider: ProviderProfile | undefined;
  changeWorkOrder(context, actor, workOrderId, 'route', (step) => {
    provider = requireProvider(context, providerId, 'route.technician.id');
    const { record, repository, now } = step;
    const wasRouted = record.status === 'routed';
    if (wasRouted && repository.routes(record.id).some((route) => route.provider_id === providerId)) return 'unchanged';
    if (!wasRouted) record.data.routedFrom = record.status === 'published' ? 'published' : 'created';
    moveTo(step, 'routed');
    repository.addRoute(record.id, providerId, now);
    return wasRouted ? ['workorder.routed'] : ['workorder.routed', 'workorder.status.routed'];
  });
  return provider as ProviderProfile;
}

/** Closes one route; the last one closing takes the order back to where routing found it. */
export function unrouteWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number, providerId: number): ProviderProfile {
  let provider: ProviderProfile | undefined;
  changeWorkOrder(context, actor, workOrderId, 'unroute', (step) => {
    provider = requireProvider(context, providerId, 'route.technician.id');
    const { record, repository } = step;
    if (!repository.removeRoute(record.id, providerId)) {
      throw invalidInput(`Provider ${providerId} is not routed to work order ${record.id}`, ['route.technician.id']);
    }
    if (repository.routes(record.id).length > 0) return [];
    const back = record.data.routedFrom ?? 'created';
    moveTo(step, back);
    return [back === 'published' ? 'workorder.status.published' : 'workorder.status.draft'];
  });
  return provider as ProviderProfile;
}

export function assignWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number, providerId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'assign', (step) => {
    const { record } = step;
    if (record.status === 'assigned') {
      if (record.assigneeId === providerId) return 'unchanged';
      throw new MarketplaceError('INVALID_TRANSITION', `Can not assign: work order is Assigned to provider ${record.assigneeId}`, ['assignee']);
    }
    requireProvider(context, providerId, 'assignee');
    requireDispatchable('assign', record.data.fields);
    record.assigneeId = providerId;
    record.data.confirmed = false;
    moveTo(step, 'assigned');
    return ['workorder.status.assigned'];
  });
}

export function unassignWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(
    context,
    actor,
    workOrderId,
    'unassign',
    simpleMove('published', 'workorder.status.assigned_cancelled', ({ record }) => {
      record.assigneeId = null;
      record.data.confirmed = false;
    }),
  );
}

/** The provider's action; the simulation calls it with the provider as actor. */
export function completeWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'complete', simpleMove('workdone', 'workorder.status.work_done'));
}

/** Sends the work back to the provider; the reason is checked by the route and not kept (the spec shows nowhere to keep it). */
export function markWorkOrderIncomplete(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'incomplete', simpleMove('assigned', 'workorder.status.assigned'));
}

/** Approves, and books the automatic payment `payDelaySeconds` later (durable: it survives a restart). */
export function approveWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(
    context,
    actor,
    workOrderId,
    'approve',
    simpleMove('approved', 'workorder.status.approved', ({ record, now }) => {
      context.scheduler.schedule(PAY_JOB, now + context.options.payDelaySeconds * 1000, { workOrderId: record.id });
    }),
  );
}

export function unapproveWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  return changeWorkOrder(context, actor, workOrderId, 'unapprove', simpleMove('workdone', 'workorder.status.work_done', ({ record }) => cancelPayJob(context, record.id)));
}

export function cancelWorkOrder(context: MarketplaceContext, actor: Actor, workOrderId: number, cancellation: CancelBody): WorkOrderRecord {
  return changeWorkOrder(
    context,
    actor,
    workOrderId,
    'cancel',
    simpleMove('canceled', 'workorder.status.deleted', ({ record }) => {
      cancelPayJob(context, record.id);
      record.data.cancellation = cancellation;
    }),
  );
}

/** Pays an approved order; one unapproved or cancelled meanwhile is left alone. */
function payWorkOrder(context: MarketplaceContext, workOrderId: number): void {
  const repository = workOrderRepository(context);
  const record = repository.find(workOrderId);
  if (!record || record.status !== 'approved') return;
  const now = context.clock.now();
  moveTo({ record, repository, now }, 'paid');
  record.updatedAt = now;
  repository.update(record);
  // No user pays: the marketplace does, on behalf of the order's manager.
  const payer = record.data.fields.manager?.id ?? 0;
  emitAfterCommit(context, [domainEvent('workorder.status.paid', record, 'approved', payer, now)]);
}

/** Registers the automatic payment with the scheduler; once per server, before it starts. */
export function registerWorkOrderJobs(context: MarketplaceContext): void {
  context.scheduler.handle(PAY_JOB, (payload) => payWorkOrder(context, PayJobSchema.parse(payload).workOrderId));
}

/** Sub-statuses that mean the provider has confirmed the assignment. */
const CONFIRMING: readonly string[] = ['confirmed', 'on_my_way', 'checked_in', 'checked_out'];
/** Sub-statuses with a webhook event of their own (decisions §7); `on_hold` has none. */
const ANNOUNCED: readonly string[] = [...CONFIRMING, 'at_risk', 'delayed'];

/**
 * Sets the provider's progress on an assigned order (decisions §1), for the provider
 * simulation. `delaySeconds` counts only with `delayed`.
 */
export function setSubStatus(context: MarketplaceContext, workOrderId: number, subStatus: SubStatus | '', delaySeconds = 0): WorkOrderRecord {
  const repository = workOrderRepository(context);
  const now = context.clock.now();
  const { record, events } = context.db.transaction(() => {
    const record = repository.find(workOrderId);
    if (!record) throw notFound(`Work order ${workOrderId}`);
    if (record.status !== 'assigned') throw notAllowed('set sub-status', record.status);
    const delay = subStatus === 'delayed' ? delaySeconds : 0;
    if (record.subStatus === subStatus && record.data.delay === delay) return { record, events: [] };
    record.subStatus = subStatus;
    record.data.delay = delay;
    if (CONFIRMING.includes(subStatus)) record.data.confirmed = true;
    record.updatedAt = now;
    repository.update(record);
    const names = ANNOUNCED.includes(subStatus) ? [`workorder.status.${subStatus}`] : [];
    return { record, events: names.map((name) => domainEvent(name, record, 'assigned', record.assigneeId ?? 0, now)) };
  })();
  emitAfterCommit(context, events);
  return record;
}
