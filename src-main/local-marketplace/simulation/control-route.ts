import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route, type RouteRegistry } from '../http/route';

const SIMULATION_TAG = 'Local provider simulation';

/** Registers `POST /__local/simulate/{path}`: no access_token, the body checked by `body`. */
export function simulationRoute(app: FastifyInstance, registry: RouteRegistry) {
  return <Body extends z.ZodType, Response extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    response: Response,
    handler: (body: z.output<Body>) => z.input<Response>,
    { bodyLimit }: { bodyLimit?: number } = {},
  ) => route(app, registry, { method: 'POST', url: `/simulate/${path}`, summary, tag: SIMULATION_TAG, body, response, bodyLimit, handler: (input) => handler(input.body) }, { authenticated: false });
}
