import type { MarketplaceContext } from '../context';
import { enqueueDeliveries } from './delivery-queue';
import { DeliveryPump } from './delivery-pump';

/**
 * Turns domain events into webhook deliveries (queued durably inside the emitter's call) and sends
 * them in the background; deliveries left pending by an earlier run go out at once. The answer
 * stops sending; events keep being queued until the database closes, so a change committed while
 * the server closes is delivered on the next start rather than lost.
 */
export function startWebhookDelivery(context: MarketplaceContext): () => Promise<void> {
  const pump = new DeliveryPump(context);
  context.events.subscribe((event) => {
    try {
      if (enqueueDeliveries(context, event) > 0) pump.kick();
    } catch (error) {
      // The change itself is committed; a failure here must not turn its answer into an error.
      context.logger.error('marketplace: could not queue webhook deliveries', { event: event.name, workOrderId: event.workOrderId, error });
    }
  });
  const stopListening = context.clock.onAdvance(() => pump.kick());
  pump.kick();
  return async () => {
    stopListening();
    await pump.stop();
  };
}
