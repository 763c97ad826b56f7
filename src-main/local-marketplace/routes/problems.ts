import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { AsyncQuerySchema, booleanField } from '../../../src-shared/api/form-fields';
import { ProblemReportBodySchema, ProblemReportQuerySchema, ProblemSchema, ProblemsAnswerSchema } from '../../../src-shared/api/problem';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { listProblems, prepareReportProblem, prepareResolveProblem } from '../domain/problems';
import { invalidInput } from '../http/errors';
import { IdParam, route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Problems';
const ProblemParams = WorkOrderParams.extend({ problem_id: IdParam });
const ProblemOrWorker = z.union([ProblemSchema, WorkerAnswerSchema]);
const asBoolean = booleanField();

/** The report's `async` is a string (spec, Endpoints): `true`, `1`, `false`, `0` or empty; other text is a 400. */
function asksAsync(text: string | undefined): boolean {
  if (text === undefined || text.trim() === '') return false;
  const parsed = asBoolean.safeParse(text);
  if (!parsed.success) throw invalidInput('async must be true, false, 1 or 0', ['async']);
  return parsed.data;
}

/** Problems of a work order (spec, Messages, problems…; decisions §3 `workorders_problem`, §6). */
export function registerProblemRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/problems',
    summary: 'The problems reported on a work order, and the problem `types` one can report',
    tag,
    params: WorkOrderParams,
    response: ProblemsAnswerSchema,
    handler: ({ params, auth }) => listProblems(context, auth.companyId, params.work_order_id),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/problems/:problem_id',
    summary: 'Report a problem of type problem_id (acting_user_id required); the order joins the workorders_problem list while it is open',
    tag,
    params: ProblemParams,
    query: ProblemReportQuerySchema,
    body: ProblemReportBodySchema,
    response: ProblemOrWorker,
    handler: ({ params, query, body, auth, request }) => {
      const asked = asksAsync(query.async);
      const work = prepareReportProblem(context, auth, params.work_order_id, { typeId: params.problem_id, actingUserId: query.acting_user_id, comments: body.comments });
      return nowOrLater(context, asked, { request, auth, body }, work);
    },
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: '/workorders/:work_order_id/problems/:problem_id',
    summary: 'Resolve the reported problem of id problem_id (ours); it stays listed, as resolved',
    tag,
    params: ProblemParams,
    query: AsyncQuerySchema,
    response: ProblemOrWorker,
    handler: ({ params, query, auth, request }) => nowOrLater(context, query.async, { request, auth }, prepareResolveProblem(context, auth, params.work_order_id, params.problem_id)),
  });
}
