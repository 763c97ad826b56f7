import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';

/** The webhook registration service at `{webhook_url}/v1/webhook-sandbox/webhooks` (production: `/v1/webhook/webhooks`). */
export function registerWebhookService(app: FastifyInstance, context: MarketplaceContext): void {
  void app;
  void context;
}
