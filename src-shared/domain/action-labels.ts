import type { CoordinatorOperation } from './work-order-rules';

/** Every action a coordinator can take on orders from a list, the detail or the palette. */
export type OrderActionName = CoordinatorOperation | 'auto-dispatch';

/** The words each action goes by on buttons, menus, the palette and toasts: once, for every screen. */
export const ACTION_LABELS: Readonly<Record<OrderActionName, { verb: string; done: string }>> = {
  publish: { verb: 'Publish', done: 'Published' },
  route: { verb: 'Route to provider…', done: 'Routed' },
  assign: { verb: 'Assign…', done: 'Assigned' },
  unroute: { verb: 'Unroute…', done: 'Unrouted' },
  unpublish: { verb: 'Unpublish', done: 'Unpublished' },
  revert: { verb: 'Revert to draft', done: 'Reverted to draft' },
  unassign: { verb: 'Unassign', done: 'Unassigned' },
  incomplete: { verb: 'Mark incomplete…', done: 'Marked incomplete' },
  approve: { verb: 'Approve', done: 'Approved' },
  unapprove: { verb: 'Unapprove', done: 'Unapproved' },
  cancel: { verb: 'Cancel order…', done: 'Cancelled' },
  'auto-dispatch': { verb: 'Auto-dispatch', done: 'Auto-dispatch asked for' },
};

/**
 * The actions that reach a provider or bind money: main's outbox holds them for the undo window
 * (their operations say `undoable`, and a test holds the two together), and every screen that
 * queues them offers Undo.
 */
export const UNDOABLE_ACTIONS: ReadonlySet<OrderActionName> = new Set(['route', 'assign', 'unassign', 'approve', 'cancel']);

/**
 * Why an order is cancelled. The contract takes `cancel_reason` as a number and publishes no list
 * of them, so this is the app's own list; the marketplace stores the number as given.
 */
export const CANCEL_REASONS: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Client cancelled or postponed' },
  { id: 2, name: 'Scheduled in error' },
  { id: 3, name: 'No provider available' },
  { id: 4, name: 'Duplicate work order' },
  { id: 5, name: 'Work no longer needed' },
  { id: 6, name: 'Other' },
];
