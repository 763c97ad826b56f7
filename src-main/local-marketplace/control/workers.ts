import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BackgroundWorkerSchema } from '../../../src-shared/api/auto-dispatch';
import type { MarketplaceContext } from '../context';
import { notFound } from '../http/errors';
import { IdParam, route, type RouteRegistry } from '../http/route';

/** How a `__worker` ended (`in_progress`, `done` or `failed` with its answer): the real API shows no such read. */
export function registerWorkerRoutes(app: FastifyInstance, context: MarketplaceContext, registry: RouteRegistry): void {
  route(
    app,
    registry,
    {
      method: 'GET',
      url: '/workers/:worker_id',
      summary: 'A background worker (async=true, auto-dispatch) and how it ended',
      tag: 'Local control plane',
      params: z.object({ worker_id: IdParam }),
      response: BackgroundWorkerSchema,
      handler: ({ params }) => {
        const worker = context.background.find(params.worker_id);
        if (!worker) throw notFound(`Worker ${params.worker_id}`);
        return worker;
      },
    },
    { authenticated: false },
  );
}
