import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';

/** The control plane under `/__local/` (decisions §9): never needed by a client of the real service. */
export function registerControlRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  void app;
  void context;
}
