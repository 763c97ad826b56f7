import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MarketplaceContext } from '../context';
import type { RouteRegistry } from '../http/route';
import { runAutopilot } from '../simulation/autopilot';
import { simulationRoute } from '../simulation/control-route';
import { registerProviderRecordRoutes } from '../simulation/record-routes';
import { TickBodySchema } from '../simulation/step-schemas';
import { registerProviderStepRoutes } from '../simulation/step-routes';
import { simulationRandom } from '../simulation/timer';

const TickAnswerSchema = z.object({
  steps: z.array(z.object({ work_order_id: z.number().int(), provider_id: z.number().int(), step: z.string() })),
});

/**
 * The provider side, simulated under `/__local/simulate/` (decisions §9): one route per step a
 * provider takes, named by the caller, and `tick`, one round of the autopilot the timer runs.
 */
export function registerSimulationRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  registerProviderStepRoutes(app, context, registry);
  registerProviderRecordRoutes(app, context, registry);
  simulationRoute(app, registry)('tick', 'Move some orders one plausible step each, as the simulation timer does', TickBodySchema, TickAnswerSchema, (body) => ({
    steps: runAutopilot(context, simulationRandom(context), body.orders),
  }));
}
