import type { WorkOrder } from '../../src-shared/api/work-order';
import { ACTION_LABELS, UNDOABLE_ACTIONS, type OrderActionName } from '../../src-shared/domain/action-labels';
import { allowsAction as allows } from '../../src-shared/domain/work-order-rules';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { appState } from '../lib/app-state.svelte';
import { discardEntry } from '../services/outbox';
import { queueAction, queueAutoDispatch, type ActionInput, type DispatchChoice } from '../services/work-order-actions';
import { BulkReport } from './bulk-report.svelte';
import { toasts } from '../lib/toasts.svelte';
import { messageOf } from '../lib/errors';

/** What some actions need besides the order: a provider (route, unroute, assign), a reason (incomplete, cancel) or a confirmation (approve). */
export interface ActionDetails {
  providerId?: number;
  reason?: number;
  notes?: string;
  messageToProvider?: string;
  /** An approval the coordinator confirmed, having seen what it pays and passes over. */
  confirmed?: boolean;
  /** Assign an assigned order to someone else: unassign, then assign, in the order's lane. */
  reassign?: boolean;
  /** Auto-dispatch as the coordinator chose it: a selection rule (none: best rated for the type of work), routing or assigning. */
  dispatch?: DispatchChoice;
}

export const PROMPTED = ['route', 'unroute', 'assign', 'incomplete', 'cancel', 'approve', 'auto-dispatch'] as const;
export type PromptedAction = (typeof PROMPTED)[number];

/** An action waiting for the coordinator to say the provider, the reason or how to dispatch. */
export interface ActionPrompt {
  operation: PromptedAction;
  orders: readonly WorkOrder[];
  preset: ActionDetails;
}


const isPrompted = (operation: OrderActionName): operation is PromptedAction => (PROMPTED as readonly string[]).includes(operation);

function isReady(operation: OrderActionName, details: ActionDetails): boolean {
  if (operation === 'route' || operation === 'unroute' || operation === 'assign') return details.providerId !== undefined;
  if (operation === 'incomplete' || operation === 'cancel') return details.reason !== undefined;
  if (operation === 'approve') return details.confirmed === true;
  if (operation === 'auto-dispatch') return details.dispatch !== undefined;
  return true;
}

function inputFor(operation: Exclude<OrderActionName, 'auto-dispatch'>, id: number, details: ActionDetails): ActionInput {
  switch (operation) {
    case 'route':
    case 'unroute':
    case 'assign':
      return { operation, id, providerId: details.providerId as number };
    case 'incomplete':
      return { operation, id, reason: details.reason as number };
    case 'cancel':
      return { operation, id, reason: details.reason as number, notes: details.notes || undefined, messageToProvider: details.messageToProvider || undefined };
    default:
      return { operation, id };
  }
}

/**
 * The one way every screen acts on orders: the detail's header, a row's menu, the bulk bar and
 * the palette all call `start`. It asks for what the action needs (a dialog reads `prompt`),
 * queues each order in the outbox, and answers with a toast (Undo for assign, approve and cancel)
 * or, for several orders, a per-order report.
 */
class OrderActions {
  prompt = $state.raw<ActionPrompt | undefined>();
  report = $state.raw<BulkReport | undefined>();
  #bulkListeners = new Set<() => void>();

  /** Called when a bulk action is queued: the list clears its selection, the report now holds the orders. */
  onBulk(listener: () => void): () => void {
    this.#bulkListeners.add(listener);
    return () => this.#bulkListeners.delete(listener);
  }

  start(operation: OrderActionName, orders: readonly WorkOrder[], preset: ActionDetails = {}): void {
    if (orders.length === 0) return;
    if (isPrompted(operation) && !isReady(operation, preset)) {
      this.prompt = { operation, orders, preset };
      return;
    }
    void this.run(operation, orders, preset);
  }

  cancelPrompt(): void {
    this.prompt = undefined;
  }

  async run(operation: OrderActionName, orders: readonly WorkOrder[], details: ActionDetails): Promise<void> {
    this.prompt = undefined;
    if (orders.length > 1) {
      this.report = new BulkReport(operation, orders);
      for (const listener of this.#bulkListeners) listener();
      await this.report.queue((order) => this.#queue(operation, [order], details));
      return;
    }
    const order = orders[0] as WorkOrder;
    if (operation === 'assign' && details.reassign) {
      await this.#reassign(order, details.providerId as number);
      return;
    }
    if (!allows(operation, order)) {
      toasts.show({ tone: 'danger', message: `#${order.id} cannot be ${ACTION_LABELS[operation].done.toLowerCase()} from ${order.status?.name ?? 'its status'}.` });
      return;
    }
    try {
      const receipt = await this.#queue(operation, [order], details);
      this.#confirm(operation, order.id, receipt);
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, `#${order.id} could not be queued.`) });
    }
  }

  /** Unassign then assign, both in the undo window: Undo takes both back. */
  async #reassign(order: WorkOrder, providerId: number): Promise<void> {
    if (!allows('unassign', order)) {
      toasts.show({ tone: 'danger', message: `#${order.id} is not assigned: assign it instead.` });
      return;
    }
    try {
      const unassigned = await queueAction({ operation: 'unassign', id: order.id });
      const assigned = await queueAction({ operation: 'assign', id: order.id, providerId });
      this.#toastUndoable(`Reassigned #${order.id}`, async () => {
        await discardEntry(assigned.entryId);
        await discardEntry(unassigned.entryId);
      });
    } catch (error) {
      toasts.show({ tone: 'danger', message: messageOf(error, `#${order.id} could not be reassigned.`) });
    }
  }

  #queue(operation: OrderActionName, orders: readonly WorkOrder[], details: ActionDetails): Promise<OutboxReceipt> {
    if (operation === 'auto-dispatch') return queueAutoDispatch(orders.map((order) => order.id), details.dispatch);
    return queueAction(inputFor(operation, (orders[0] as WorkOrder).id, details));
  }

  #confirm(operation: OrderActionName, id: number, receipt: OutboxReceipt): void {
    const message = `${ACTION_LABELS[operation].done} #${id}`;
    if (!UNDOABLE_ACTIONS.has(operation)) toasts.show({ tone: 'success', message });
    else this.#toastUndoable(message, () => discardEntry(receipt.entryId));
  }

  #toastUndoable(message: string, discard: () => Promise<unknown>): void {
    toasts.showUndoable(message, appState.settings.undoSeconds, discard);
  }
}

export const orderActions = new OrderActions();
