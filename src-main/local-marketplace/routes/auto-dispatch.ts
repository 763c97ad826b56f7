import type { FastifyInstance } from 'fastify';
import { AUTO_DISPATCH_WORKER_TYPE, WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import type { MarketplaceContext } from '../context';
import { AutoDispatchInputSchema, checkAutoDispatch, registerAutoDispatchJobs, runAutoDispatch } from '../domain/auto-dispatch';
import { acceptingForms } from '../http/form-body';
import { route } from '../http/route';

/**
 * POST workorders/auto_dispatch (spec, Work orders; decisions §2): checks every order first (a
 * 400 names the refused ones), then answers the AUTODISP `__worker` at once and dispatches after
 * the answer. How providers are chosen: `domain/auto-dispatch.ts`.
 */
export function registerAutoDispatchRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  registerAutoDispatchJobs(context);

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/auto_dispatch',
    summary: 'Auto-dispatch work orders to the best provider by the selection rule (else the best rated who does the type of work), free then; assign, or route with should_route, after delay seconds; answers the AUTODISP __worker',
    tag: 'Work order lifecycle',
    body: acceptingForms(AutoDispatchInputSchema),
    response: WorkerAnswerSchema,
    handler: ({ body, auth, request }) => {
      const { work_order_ids: requested, ...options } = body;
      const ids = checkAutoDispatch(context, auth, requested, options.selection_rule_id);
      return context.background.start(
        { type: AUTO_DISPATCH_WORKER_TYPE, request: `POST ${request.url.split('?')[0]}`, query: request.query as Record<string, unknown>, body, auth },
        (workerId) => runAutoDispatch(context, auth, ids, options, workerId),
      );
    },
  });
}
