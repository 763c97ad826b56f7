import type { FastifyInstance } from 'fastify';
import type { MarketplaceContext } from '../context';
import { RouteRegistry } from '../http/route';
import { registerClockRoutes } from './clock';
import { registerFaultRoutes } from './faults';
import { registerOpenApiRoute } from './openapi';
import { registerResetRoutes } from './reset';
import { registerSimulationRoutes } from './simulation';
import { registerWebhookDeliveryRoutes } from './webhook-deliveries';
import { registerWorkerRoutes } from './workers';

/**
 * The control plane under `/__local/` (decisions §9): never needed by a client of the real service,
 * so it takes no access_token and stays out of `context.routes` (the REST API's document): its
 * routes go to a registry of their own, which nothing reads. Each concern is a file here.
 */
export function registerControlRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  const registry = new RouteRegistry();
  registerResetRoutes(app, context, registry);
  registerClockRoutes(app, context, registry);
  registerOpenApiRoute(app, context, registry);
  registerWorkerRoutes(app, context, registry);
  registerSimulationRoutes(app, context, registry);
  registerWebhookDeliveryRoutes(app, context, registry);
  registerFaultRoutes(app, context, registry);
}
