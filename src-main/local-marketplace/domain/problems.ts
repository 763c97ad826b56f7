import { randomUUID } from 'node:crypto';
import type { Problem, ProblemsAnswer, ProblemType } from '../../../src-shared/api/problem';
import { PROBLEM_TYPES, type ProblemTypeId } from '../../../src-shared/api/reference-data';
import type { MarketplaceContext } from '../context';
import { invalidInput, notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { findManager } from './providers';
import { type Actor, notAllowed } from './work-order-lifecycle';
import { orderTimestamp, personSummary, wholeList } from './work-order-parts';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

/**
 * What the spec shows of each problem type beyond its id and name *(ours)*: problems the
 * provider caused are performance events, and reporting one warns of the provider quality policy
 * (`show_pqap_warning`); the open-ended ones let the buyer describe an "other" case.
 */
const TYPE_DETAILS: Readonly<Record<ProblemTypeId, { performance_event: boolean; has_other: boolean; message: string }>> = {
  22: { performance_event: false, has_other: false, message: 'Support will help you find a provider for this work order.' },
  24: { performance_event: true, has_other: false, message: 'The no-show is recorded against the provider; cancel the work order next.' },
  25: { performance_event: true, has_other: false, message: 'The no-show is recorded against the provider; agree a new schedule or ETA.' },
  30: { performance_event: true, has_other: false, message: 'Describe what is left to do; the provider is asked to finish it.' },
  31: { performance_event: false, has_other: true, message: 'For your own records; the provider does not see it.' },
  33: { performance_event: false, has_other: true, message: 'Support answers questions about using the marketplace.' },
  41: { performance_event: false, has_other: false, message: 'Providers who do not answer before assignment can be replaced.' },
  42: { performance_event: true, has_other: false, message: 'The provider is checked in but does not answer; support tries to reach them.' },
  43: { performance_event: true, has_other: false, message: 'Deliverables or closing notes are missing; the provider is asked to add them.' },
  44: { performance_event: false, has_other: true, message: 'Say which parts are missing and who was to supply them.' },
  45: { performance_event: true, has_other: false, message: 'The no-show is recorded against the provider, who is removed from the work order.' },
};

/** The 11 types GET problems answers in `types`, with every field of the spec. */
export const PROBLEM_TYPE_LIST: readonly ProblemType[] = PROBLEM_TYPES.map((type) => {
  const details = TYPE_DETAILS[type.id];
  return { id: type.id, name: type.name, performance_event: details.performance_event, show_pqap_warning: details.performance_event, reportable: true, message: details.message, children: [], has_other: details.has_other };
});

interface ProblemRow {
  id: number;
  work_order_id: number;
  type_id: number;
  comments: string;
  author_id: number;
  created_at: number;
  resolved_at: number | null;
  resolved_by: number | null;
}

function presentProblem(context: MarketplaceContext, record: WorkOrderRecord, row: ProblemRow): Problem {
  const resolved = row.resolved_at !== null;
  return {
    id: row.id,
    type: { id: row.type_id, name: PROBLEM_TYPES.find((type) => type.id === row.type_id)?.name ?? null },
    comments: row.comments,
    author: personSummary(context, row.author_id),
    created: orderTimestamp(record, row.created_at),
    resolved,
    resolution: {
      status: resolved ? 'resolved' : 'open',
      at: row.resolved_at === null ? null : orderTimestamp(record, row.resolved_at),
      by: row.resolved_by === null ? null : personSummary(context, row.resolved_by),
    },
    actions: resolved ? [] : ['resolve'],
  };
}

function problemRows(context: MarketplaceContext, workOrderId: number): ProblemRow[] {
  return preparedStatement(context, 'SELECT * FROM work_order_problems WHERE work_order_id = ? ORDER BY id').all(workOrderId) as ProblemRow[];
}

/** GET workorders/{id}/problems for an order already loaded; also what an order embeds, with the order's correlation id. */
export function problemsOf(context: MarketplaceContext, record: WorkOrderRecord, correlationId: string = randomUUID()): ProblemsAnswer {
  const results = problemRows(context, record.id).map((row) => presentProblem(context, record, row));
  const open = results.filter((problem) => !problem.resolved).length;
  return {
    ...wholeList(results),
    sum: { resolved: results.length - open, unresolved: open },
    types: [...PROBLEM_TYPE_LIST],
    correlation_id: correlationId,
    actions: record.status === 'canceled' ? [] : ['add'],
  };
}

export function listProblems(context: MarketplaceContext, companyId: number, workOrderId: number): ProblemsAnswer {
  return problemsOf(context, workOrderRepository(context).findForCompany(companyId, workOrderId));
}

/** `work_orders.open_problems`, which the `workorders_problem` list reads, counted again. */
function recountOpenProblems(context: MarketplaceContext, workOrderId: number): void {
  preparedStatement(
    context,
    'UPDATE work_orders SET open_problems = (SELECT COUNT(*) FROM work_order_problems WHERE work_order_id = @id AND resolved_at IS NULL) WHERE id = @id',
  ).run({ id: workOrderId });
}

/** `acting_user_id` names who reports: a manager of the caller's company, given as text. */
function actingUser(context: MarketplaceContext, companyId: number, text: string): number {
  const id = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || !findManager(context, companyId, id)) throw invalidInput(`acting_user_id ${text.slice(0, 40)} is not a user of your company`, ['acting_user_id']);
  return id;
}

export interface ProblemReport {
  typeId: number;
  actingUserId: string;
  comments?: string;
}

/**
 * POST workorders/{id}/problems/{problem_id}: reports a problem of that type. *(Ours:)* any order
 * but a cancelled one takes reports, and several open problems, even of one type, may coexist.
 * Validates when called; the work it answers validates again when it runs (async).
 */
export function prepareReportProblem(context: MarketplaceContext, actor: Actor, workOrderId: number, report: ProblemReport): () => Problem {
  const plan = () => {
    const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
    if (!PROBLEM_TYPES.some((type) => type.id === report.typeId)) throw notFound(`Problem type ${report.typeId}`);
    if (record.status === 'canceled') throw notAllowed('report a problem', record.status);
    return { record, authorId: actingUser(context, actor.companyId, report.actingUserId) };
  };
  plan();
  return () =>
    context.db.transaction(() => {
      const { record, authorId } = plan();
      const id = preparedStatement(context, 'INSERT INTO work_order_problems (work_order_id, type_id, comments, author_id, created_at) VALUES (?, ?, ?, ?, ?)').run(
        record.id,
        report.typeId,
        report.comments ?? '',
        authorId,
        context.clock.now(),
      ).lastInsertRowid;
      recountOpenProblems(context, record.id);
      return presentProblem(context, record, problemRow(context, record.id, Number(id)));
    })();
}

function problemRow(context: MarketplaceContext, workOrderId: number, problemId: number): ProblemRow {
  const row = preparedStatement(context, 'SELECT * FROM work_order_problems WHERE id = ? AND work_order_id = ?').get(problemId, workOrderId) as ProblemRow | undefined;
  if (!row) throw notFound(`Problem ${problemId} of work order ${workOrderId}`);
  return row;
}

/**
 * DELETE workorders/{id}/problems/{problem_id} *(ours)*: resolves the reported problem of that
 * id; it stays listed as resolved. Resolving a resolved one changes nothing (decisions §2 spirit).
 */
export function prepareResolveProblem(context: MarketplaceContext, actor: Actor, workOrderId: number, problemId: number): () => Problem {
  const plan = () => {
    const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
    return { record, row: problemRow(context, record.id, problemId) };
  };
  plan();
  return () =>
    context.db.transaction(() => {
      const { record, row } = plan();
      if (row.resolved_at === null) {
        preparedStatement(context, 'UPDATE work_order_problems SET resolved_at = ?, resolved_by = ? WHERE id = ?').run(context.clock.now(), actor.userId, row.id);
        recountOpenProblems(context, record.id);
      }
      return presentProblem(context, record, problemRow(context, record.id, row.id));
    })();
}

/** For the seed: inserts a problem as reported (and perhaps resolved) at the given moments. */
export function insertProblem(context: MarketplaceContext, problem: Omit<ProblemRow, 'id'> & { id?: number }): void {
  preparedStatement(
    context,
    `INSERT INTO work_order_problems (id, work_order_id, type_id, comments, author_id, created_at, resolved_at, resolved_by)
     VALUES (@id, @work_order_id, @type_id, @comments, @author_id, @created_at, @resolved_at, @resolved_by)`,
  ).run({ id: null, ...problem });
  recountOpenProblems(context, problem.work_order_id);
}
