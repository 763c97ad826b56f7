import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';
import type { RouteRegistry } from '../http/route';

export function registerWebhookDeliveryRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  void app;
  void context;
  void registry;
}
