import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';

export function registerAutoDispatchRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  void app;
  void context;
}
