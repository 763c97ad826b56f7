import { z } from 'zod';
import { AsyncQuerySchema, integerField } from './form-fields';
import type { StatusSlug } from './status';

export type TransitionMethod = 'POST' | 'PUT' | 'DELETE';

export interface WorkOrderTransition {
  readonly operation: string;
  readonly method: TransitionMethod;
  /** Below `workorders/{work_order_id}`; `''` is the order itself. */
  readonly path: string;
  readonly from: readonly StatusSlug[];
  /** `null` where there is no single target: update keeps the state, unroute depends on the routes left. */
  readonly to: StatusSlug | null;
}

const EDITABLE: readonly StatusSlug[] = ['created', 'published', 'routed', 'assigned'];
const BEFORE_ASSIGNMENT: readonly StatusSlug[] = ['created', 'published', 'routed'];
const CANCELLABLE: readonly StatusSlug[] = ['created', 'published', 'routed', 'assigned', 'workdone', 'approved'];

/**
 * The transition table of decisions §2 for operations a client calls on an
 * existing order. Create has no source state and payment is made by the
 * marketplace itself after `pay_delay`, so neither is an entry here.
 */
export const WORK_ORDER_TRANSITIONS = [
  { operation: 'update', method: 'PUT', path: '', from: EDITABLE, to: null },
  { operation: 'publish', method: 'POST', path: '/publish', from: ['created', 'routed'], to: 'published' },
  { operation: 'unpublish', method: 'DELETE', path: '/publish', from: ['published'], to: 'created' },
  { operation: 'revert', method: 'DELETE', path: '/draft', from: ['published', 'routed'], to: 'created' },
  { operation: 'route', method: 'POST', path: '/route', from: BEFORE_ASSIGNMENT, to: 'routed' },
  { operation: 'unroute', method: 'DELETE', path: '/route', from: ['routed'], to: null },
  { operation: 'assign', method: 'POST', path: '/assignee', from: BEFORE_ASSIGNMENT, to: 'assigned' },
  { operation: 'unassign', method: 'DELETE', path: '/assignee', from: ['assigned'], to: 'published' },
  { operation: 'complete', method: 'POST', path: '/complete', from: ['assigned'], to: 'workdone' },
  { operation: 'incomplete', method: 'DELETE', path: '/complete', from: ['workdone'], to: 'assigned' },
  { operation: 'approve', method: 'POST', path: '/approve', from: ['workdone'], to: 'approved' },
  { operation: 'unapprove', method: 'DELETE', path: '/approve', from: ['approved'], to: 'workdone' },
  { operation: 'cancel', method: 'DELETE', path: '', from: CANCELLABLE, to: 'canceled' },
] as const satisfies readonly WorkOrderTransition[];

export type WorkOrderOperation = (typeof WORK_ORDER_TRANSITIONS)[number]['operation'];

export function transitionFor(operation: WorkOrderOperation): WorkOrderTransition {
  const transition = WORK_ORDER_TRANSITIONS.find((candidate) => candidate.operation === operation);
  if (!transition) throw new Error(`No transition named ${operation}`);
  return transition;
}

/** Whether the operation is allowed from `status`; a transition to the current state is allowed too (decisions §2). */
export function canTransition(operation: WorkOrderOperation, status: StatusSlug): boolean {
  const transition = transitionFor(operation);
  return transition.from.includes(status) || transition.to === status;
}

/** Body of DELETE workorders/{id} (cancel). */
export const CancelBodySchema = z.strictObject({
  cancel_reason: integerField(z.number().int().positive()),
  notes: z.string().optional(),
  message_to_provider: z.string().optional(),
});
export type CancelBody = z.infer<typeof CancelBodySchema>;

/** Query of DELETE workorders/{id}/complete: the id of an incomplete reason. */
export const IncompleteQuerySchema = AsyncQuerySchema.extend({
  reason: integerField(z.number().int().positive()),
});
export type IncompleteQuery = z.infer<typeof IncompleteQuerySchema>;
