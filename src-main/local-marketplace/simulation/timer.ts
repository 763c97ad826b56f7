import type { MarketplaceContext } from '../context';
import { perDatabase } from '../store/database';
import { runAutopilot } from './autopilot';
import { SeededRandom } from './random';

/** The same seed every start, so a demo run repeats. */
const SIMULATION_SEED = 20_240_917;
const TICK_INTERVAL_MS = 4000;
const ORDERS_PER_TICK = 2;

/** The simulation's random numbers, one sequence per database, shared by the timer and `/__local/simulate/tick`. */
export const simulationRandom = perDatabase(() => new SeededRandom(SIMULATION_SEED));

/**
 * Runs the autopilot every few seconds when `options.simulationTimer` is on (the app's demo),
 * else does nothing. Answers the function that stops it; the timer never keeps the process alive.
 */
export function startSimulationTimer(context: MarketplaceContext, intervalMs = TICK_INTERVAL_MS): () => void {
  if (!context.options.simulationTimer) return () => undefined;
  const timer = setInterval(() => {
    try {
      runAutopilot(context, simulationRandom(context), ORDERS_PER_TICK);
    } catch (error) {
      context.logger.error('marketplace: simulation tick failed', { error });
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
