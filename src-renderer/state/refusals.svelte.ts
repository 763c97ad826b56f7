import { on } from '../lib/api';
import { router } from '../lib/router.svelte';
import { listOutbox } from '../services/work-order-actions';
import { orderRequest } from './palette.svelte';
import { toasts } from '../lib/toasts.svelte';

const REFUSAL_TOAST_MS = 12_000;

function openOrder(id: number | null): void {
  orderRequest.id = id ?? undefined;
  router.go('work-orders');
}

/**
 * Tells the coordinator, wherever they are, when the marketplace refuses a queued change: a toast
 * naming the change and the marketplace's reason, with a way to the order. Each refusal is told
 * once; the outbox keeps it until it is fixed or discarded.
 */
class Refusals {
  #told = new Set<string>();

  start(): () => void {
    let first = true;
    const read = async () => {
      const refused = (await listOutbox()).filter((entry) => entry.state === 'refused');
      for (const entry of refused) {
        if (this.#told.has(entry.id)) continue;
        this.#told.add(entry.id);
        // Refusals from before this window opened are the outbox screen's to show, not news.
        if (first) continue;
        toasts.show({
          tone: 'danger',
          durationMs: REFUSAL_TOAST_MS,
          message: `Refused: ${entry.summary}. ${entry.error?.message ?? ''}`.trim(),
          ...(entry.workOrderId === null ? {} : { action: { label: 'Open', run: () => openOrder(entry.workOrderId) } }),
        });
      }
      first = false;
    };
    void read().catch(() => (first = false));
    return on('outbox:changed', (counts) => {
      if (counts.refused > 0) void read().catch(() => {});
    });
  }
}

export const refusals = new Refusals();
