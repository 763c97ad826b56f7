import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';

type Simple = 'publish' | 'unpublish' | 'revert' | 'unassign' | 'approve' | 'unapprove';

/** One lifecycle action on one order, with what its channel needs (decisions §2). */
export type ActionInput =
  | { operation: Simple; id: number }
  | { operation: 'route' | 'unroute' | 'assign'; id: number; providerId: number }
  | { operation: 'incomplete'; id: number; reason: number }
  | { operation: 'cancel'; id: number; reason: number; notes?: string; messageToProvider?: string };

/**
 * Queues the action in the outbox: main answers at once with the entry, applies the change to the
 * cache and marks the order pending; the marketplace hears of it when the outbox sends it.
 */
export function queueAction(input: ActionInput): Promise<OutboxReceipt> {
  switch (input.operation) {
    case 'route':
    case 'unroute':
    case 'assign':
      return invoke(`workorders:${input.operation}`, { id: input.id, providerId: input.providerId });
    case 'incomplete':
      return invoke('workorders:incomplete', { id: input.id, reason: input.reason });
    case 'cancel': {
      const { operation: _operation, ...rest } = input;
      return invoke('workorders:cancel', rest);
    }
    default:
      return invoke(`workorders:${input.operation}`, { id: input.id });
  }
}

/** How auto-dispatch picks: by a selection rule, or with none the best rated for the type of work; it assigns unless told to route. */
export interface DispatchChoice {
  selectionRuleId?: number;
  shouldRoute: boolean;
}

/**
 * Behind every earlier change of the orders (their creates too), in the outbox's auto-dispatch
 * lane; the marketplace publishes a Draft itself before it dispatches it.
 */
export function queueAutoDispatch(ids: number[], choice?: DispatchChoice): Promise<OutboxReceipt> {
  return invoke('workorders:auto-dispatch', {
    ids,
    ...(choice?.selectionRuleId === undefined ? {} : { selectionRuleId: choice.selectionRuleId }),
    ...(choice?.shouldRoute ? { shouldRoute: true } : {}),
  });
}
