import { statusById, statusBySlug, type StatusSlug } from '../api/status';
import { canTransition, type WorkOrderOperation } from '../api/transitions';

/** The fields publishing, assigning and auto-dispatch need (decisions §2), in any shape that has them: a body or an answer. */
export interface DispatchFields {
  type_of_work?: { id?: number | null } | null;
  types_of_work?: readonly { id?: number | null }[] | null;
  location?: unknown;
  schedule?: { service_window?: unknown } | null;
  pay?: { base?: { amount?: number | null } | null } | null;
}

/** What the order still lacks before it can be published or assigned, by field; none when it is workable. */
export function missingForDispatch(fields: DispatchFields): string[] {
  const hasTypeOfWork = (fields.types_of_work ?? []).some((type) => typeof type.id === 'number') || typeof fields.type_of_work?.id === 'number';
  return [
    ...(hasTypeOfWork ? [] : ['types_of_work']),
    ...(fields.location ? [] : ['location']),
    ...(fields.schedule?.service_window ? [] : ['schedule.service_window']),
    ...(typeof fields.pay?.base?.amount === 'number' ? [] : ['pay.base.amount']),
  ];
}

/** The coordinator's actions in the order the UI offers them, the usual next step first (approve before mark incomplete). Complete is the provider's, and pay is the marketplace's. */
export const COORDINATOR_OPERATIONS = ['publish', 'route', 'assign', 'unroute', 'unpublish', 'revert', 'unassign', 'approve', 'incomplete', 'unapprove', 'cancel'] as const satisfies readonly WorkOrderOperation[];
export type CoordinatorOperation = (typeof COORDINATOR_OPERATIONS)[number];

const NEEDS_DISPATCH_FIELDS: ReadonlySet<CoordinatorOperation> = new Set(['publish', 'assign']);

export interface ActionAvailability {
  operation: CoordinatorOperation;
  /** False when the state allows it but the order lacks what it needs: `missing` says what. */
  ready: boolean;
  missing: string[];
}

/**
 * The actions decisions §2 allows from the order's status now, leaving out the no-op moves to the
 * state it is in (allowed by the marketplace, pointless to offer). Publish and assign say what
 * they still need, so the UI can show it before the coordinator tries.
 */
export function availableActions(order: DispatchFields & { status?: { id: number } | null }): ActionAvailability[] {
  const slug: StatusSlug | undefined = order.status ? statusById(order.status.id)?.slug : undefined;
  if (!slug) return [];
  const missing = missingForDispatch(order);
  return COORDINATOR_OPERATIONS.filter((operation) => canTransition(operation, slug) && !isNoOp(operation, slug)).map((operation) => {
    const lacking = NEEDS_DISPATCH_FIELDS.has(operation) ? missing : [];
    return { operation, ready: lacking.length === 0, missing: lacking };
  });
}

function isNoOp(operation: CoordinatorOperation, slug: StatusSlug): boolean {
  const target: Partial<Record<CoordinatorOperation, StatusSlug>> = { publish: 'published', unpublish: 'created', revert: 'created', assign: 'assigned', unassign: 'published', incomplete: 'assigned', approve: 'approved', unapprove: 'workdone', cancel: 'canceled' };
  // Route stays available while Routed: another provider may be routed too.
  return target[operation] === slug;
}

/** Statuses auto-dispatch starts from, as assign and route do (decisions §2). */
export const AUTO_DISPATCHABLE: readonly StatusSlug[] = ['created', 'published', 'routed'];

/** What auto-dispatch reads of an order besides what publishing needs: its flag and its service types. */
export interface AutoDispatchFields extends DispatchFields {
  auto_dispatch?: boolean | null;
  service_types?: readonly unknown[] | null;
  service_types_new?: readonly unknown[] | null;
}

/** Auto-dispatch needs a service type, under either key the marketplace takes. */
export function hasServiceType(fields: Pick<AutoDispatchFields, 'service_types' | 'service_types_new'>): boolean {
  return Boolean(fields.service_types?.length || fields.service_types_new?.length);
}

/**
 * What keeps an order from auto-dispatch (decisions §2), in the marketplace's words; none when it
 * can go. The marketplace refuses the call with these, and the app offers the action only where
 * there are none: one rule, so the app never offers what the marketplace will refuse.
 */
export function autoDispatchRefusals(slug: StatusSlug | undefined, fields: AutoDispatchFields): string[] {
  const status = slug ? statusBySlug(slug) : undefined;
  return [
    ...(slug && AUTO_DISPATCHABLE.includes(slug) ? [] : [`it is ${status?.name ?? 'in no known status'}`]),
    ...(fields.auto_dispatch === true ? [] : ['auto_dispatch is not true']),
    ...(hasServiceType(fields) ? [] : ['it has no service type']),
    ...missingForDispatch(fields).map((field) => `it has no ${field}`),
  ];
}

/**
 * Whether the action can be queued on the order now: allowed from its status and, for publish and
 * assign, with what they need. Auto-dispatch only where the marketplace will take it (autoDispatchRefusals).
 */
export function allowsAction(operation: CoordinatorOperation | 'auto-dispatch', order: AutoDispatchFields & { status?: { id: number } | null }): boolean {
  if (operation === 'auto-dispatch') return autoDispatchRefusals(order.status ? statusById(order.status.id)?.slug : undefined, order).length === 0;
  return availableActions(order).some((action) => action.operation === operation && action.ready);
}

/** The coordinator's steps that move an order on, in its life's order; routing is a way to assigning, not a step of its own. */
const FORWARD_STEPS: readonly { operation: CoordinatorOperation; to: StatusSlug }[] = [
  { operation: 'publish', to: 'published' },
  { operation: 'assign', to: 'assigned' },
  { operation: 'approve', to: 'approved' },
];
const LIFE: readonly StatusSlug[] = ['created', 'published', 'routed', 'assigned', 'workdone', 'approved', 'paid'];

/**
 * The one action worth the primary button: the next step forward from the order's status (publish
 * a draft, assign a published or routed order, approve work done). None while the order waits on
 * somebody else (assigned: the technician works; approved: the marketplace pays): a step back
 * (unassign, unapprove, unpublish) is never the primary one.
 */
export function primaryAction(order: DispatchFields & { status?: { id: number } | null }): CoordinatorOperation | undefined {
  const slug = order.status ? statusById(order.status.id)?.slug : undefined;
  if (!slug) return undefined;
  const available = new Set(availableActions(order).map((action) => action.operation));
  return FORWARD_STEPS.find((step) => available.has(step.operation) && LIFE.indexOf(step.to) > LIFE.indexOf(slug))?.operation;
}
