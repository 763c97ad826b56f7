import type { WorkOrder } from '../../src-shared/api/work-order';
import { ACTION_LABELS, type OrderActionName } from '../../src-shared/domain/action-labels';
import { allowsAction, availableActions, COORDINATOR_OPERATIONS } from '../../src-shared/domain/work-order-rules';
import { orderActions } from './order-actions.svelte';
import { ACTION_KEYS } from '../lib/action-keys';
import { describeMissing } from '../lib/format';

/** An action offered on some orders, the same in the row menu, the palette and the shortcut keys. */
export interface OrderCommand {
  action: OrderActionName;
  label: string;
  /** The key as shown ("P"), when the action has one. */
  shortcut?: string;
  enabled: boolean;
  /** Why it is disabled, or how many of a selection it applies to. */
  hint?: string;
  run: () => void;
}

const ALL_ACTIONS: readonly OrderActionName[] = [...COORDINATOR_OPERATIONS, 'auto-dispatch'];

/**
 * What can be done to these orders now. One order: the actions its status allows, in the shared
 * order, those lacking fields disabled with what they lack. Several: every action at least one of
 * them allows, with how many; the bulk report names the others.
 */
export function orderCommands(orders: readonly WorkOrder[]): OrderCommand[] {
  if (orders.length === 1) {
    const order = orders[0] as WorkOrder;
    const single = availableActions(order).map((action) => command(action.operation, orders, action.ready, action.ready ? undefined : `Needs ${describeMissing(action.missing)}`));
    return allowsAction('auto-dispatch', order) ? [...single, command('auto-dispatch', orders, true)] : single;
  }
  return ALL_ACTIONS.flatMap((action) => {
    const allowed = orders.filter((order) => allowsAction(action, order)).length;
    return allowed === 0 ? [] : [command(action, orders, true, `${allowed} of ${orders.length}`)];
  });
}

function command(action: OrderActionName, orders: readonly WorkOrder[], enabled: boolean, hint?: string): OrderCommand {
  return { action, label: ACTION_LABELS[action].verb, shortcut: ACTION_KEYS[action]?.label, enabled, hint, run: () => orderActions.start(action, orders) };
}
