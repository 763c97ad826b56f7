import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';
import { registerClientRoutes } from './clients';
import { registerLocationRoutes } from './locations';
import { registerReferenceDataRoutes } from './reference-data';
import { registerUserRoutes } from './users';
import { registerWorkOrderRoutes } from './work-orders';

/** Every REST route under `/api/rest/v2`, each resource in its own file. */
export function registerRestRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  registerReferenceDataRoutes(app, context);
  registerLocationRoutes(app, context);
  registerClientRoutes(app, context);
  registerUserRoutes(app, context);
  registerWorkOrderRoutes(app, context);
}
