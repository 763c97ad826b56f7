import { router } from '../lib/router.svelte';
import { toasts } from '../lib/toasts.svelte';
import { outbox } from './outbox.svelte';
import { orderRequest } from './palette.svelte';

const REFUSAL_TOAST_MS = 12_000;

function openOrder(id: number | null): void {
  orderRequest.id = id ?? undefined;
  router.go('work-orders');
}

/**
 * Tells the coordinator, wherever they are, when the marketplace refuses a queued change: a toast
 * naming the change and the marketplace's reason, with a way to the order. Each refusal is told
 * once (the outbox store says which are new); the outbox keeps it until it is fixed or discarded.
 */
class Refusals {
  start(): () => void {
    return outbox.onRefused((arrived) => {
      for (const entry of arrived) {
        toasts.show({
          tone: 'danger',
          durationMs: REFUSAL_TOAST_MS,
          message: `Refused: ${entry.summary}. ${entry.error?.message ?? ''}`.trim(),
          ...(entry.workOrderId === null ? {} : { action: { label: 'Open', run: () => openOrder(entry.workOrderId) } }),
        });
      }
    });
  }
}

export const refusals = new Refusals();
