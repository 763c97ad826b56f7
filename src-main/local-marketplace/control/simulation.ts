import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';
import type { RouteRegistry } from '../http/route';

/** The provider side, simulated under `/__local/simulate/` (decisions §9). */
export function registerSimulationRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  void app;
  void context;
  void registry;
}
