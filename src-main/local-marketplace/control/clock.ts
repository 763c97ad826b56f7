import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerField } from '../../../src-shared/api/form-fields';
import type { MarketplaceContext } from '../context';
import { apiTimestamp } from '../http/timestamp';
import { route, type RouteRegistry } from '../http/route';

/** Ten years: far enough for any expiry or delay, near enough that dates stay printable. */
const MAX_ADVANCE_SECONDS = 10 * 365 * 24 * 3600;

const AdvanceBodySchema = z.strictObject({
  advance_seconds: integerField(z.number().int().positive().max(MAX_ADVANCE_SECONDS)),
});

const ClockSchema = z.object({
  now_utc: z.string(),
  offset_seconds: z.number(),
});

function clockState(context: MarketplaceContext): z.input<typeof ClockSchema> {
  return { now_utc: apiTimestamp(context.clock.now()).utc, offset_seconds: context.clock.offsetMs / 1000 };
}

/** The marketplace's time: read it, or move it forward so expiries and delays happen now. */
export function registerClockRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  route(
    app,
    registry,
    {
      method: 'GET',
      url: '/clock',
      summary: "The marketplace's time and its offset from this machine's clock",
      tag: 'Local control plane',
      response: ClockSchema,
      handler: () => clockState(context),
    },
    { authenticated: false },
  );

  route(
    app,
    registry,
    {
      method: 'POST',
      url: '/clock',
      summary: 'Advance time; work that fell due (payments, retries) runs before the answer',
      tag: 'Local control plane',
      body: AdvanceBodySchema,
      response: ClockSchema,
      handler: ({ body }) => {
        // The scheduler listens to advances and runs due jobs synchronously inside this call.
        context.clock.advance(body.advance_seconds);
        return clockState(context);
      },
    },
    { authenticated: false },
  );
}
