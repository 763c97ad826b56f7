import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';

export function registerProblemRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  void app;
  void context;
}
