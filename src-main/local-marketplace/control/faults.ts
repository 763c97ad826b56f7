import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { integerField } from '../../../src-shared/api/form-fields';
import type { MarketplaceContext } from '../context';
import { faultControls } from '../faults/state';
import { FaultRuleBodySchema, FaultRuleSchema } from '../faults/rules';
import { notFound } from '../http/errors';
import { IdParam, route, type RouteRegistry } from '../http/route';

const tag = 'Local control plane';

const RuleListSchema = z.object({ rules: z.array(FaultRuleSchema) });
const RemovedSchema = z.object({ removed: z.number().int() });
const RateLimitSchema = z.object({ per_minute: z.number().int() });
const RateLimitBodySchema = z.strictObject({
  /** Requests per minute per access token; 0 turns the limit off. */
  per_minute: integerField(z.number().int().min(0).max(1_000_000)),
});

/**
 * Fault injection and the rate limit of the REST API (decisions §8, §9). Both act on
 * `/api/rest/v2` only: the token endpoint, the webhook service and this control plane are never
 * faulted or limited, so a test can always reach the switch that turns them off.
 */
export function registerFaultRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  const { rules, limiter } = faultControls(context);
  const unauthenticated = { authenticated: false };

  route(
    app,
    registry,
    {
      method: 'POST',
      url: '/faults',
      summary: 'Add a fault rule: a status, a dropped connection or a 429, and/or a delay, for the next N or a fraction of the matching REST requests',
      tag,
      body: FaultRuleBodySchema,
      response: FaultRuleSchema,
      handler: ({ body }) => rules.add(body),
    },
    unauthenticated,
  );

  route(
    app,
    registry,
    {
      method: 'GET',
      url: '/faults',
      summary: 'The active fault rules, in the order they are tried, with what is left of each',
      tag,
      response: RuleListSchema,
      handler: () => ({ rules: rules.list() }),
    },
    unauthenticated,
  );

  route(
    app,
    registry,
    {
      method: 'DELETE',
      url: '/faults',
      summary: 'Remove every fault rule',
      tag,
      response: RemovedSchema,
      handler: () => {
        const removed = rules.list().length;
        rules.clear();
        return { removed };
      },
    },
    unauthenticated,
  );

  route(
    app,
    registry,
    {
      method: 'DELETE',
      url: '/faults/:fault_id',
      summary: 'Remove one fault rule',
      tag,
      params: z.object({ fault_id: IdParam }),
      response: RemovedSchema,
      handler: ({ params }) => {
        const id = params.fault_id;
        if (!rules.remove(id)) throw notFound(`Fault rule ${id}`);
        return { removed: 1 };
      },
    },
    unauthenticated,
  );

  route(
    app,
    registry,
    {
      method: 'GET',
      url: '/rate-limit',
      summary: 'The rate limit of the REST API: requests per minute per access token, 0 when off',
      tag,
      response: RateLimitSchema,
      handler: () => ({ per_minute: limiter.perMinute }),
    },
    unauthenticated,
  );

  route(
    app,
    registry,
    {
      method: 'POST',
      url: '/rate-limit',
      summary: 'Set the rate limit (0 turns it off); counting starts again from now',
      tag,
      body: RateLimitBodySchema,
      response: RateLimitSchema,
      handler: ({ body }) => {
        limiter.setPerMinute(body.per_minute);
        return { per_minute: limiter.perMinute };
      },
    },
    unauthenticated,
  );
}
