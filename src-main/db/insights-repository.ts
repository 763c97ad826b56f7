import type { Statement } from 'better-sqlite3';
import { statusBySlug, type StatusSlug } from '../../src-shared/api/status';
import type { Insights, InsightsRequest } from '../../src-shared/ipc/insights';
import type { CacheDatabase } from './database';
import { durationRows, durationSpansSql, type DurationGroup } from './insights-durations';
import { ATTENTION_CONDITIONS } from './work-order-attention';

const WEEK_MS = 7 * 24 * 3_600_000;
const statusId = (slug: StatusSlug): number => statusBySlug(slug)?.id ?? -1;
/** Orders whose pay is committed: a provider holds them, or their work waits for payment. */
const COMMITTED = `(${['assigned', 'workdone', 'approved'].map((slug) => statusId(slug as StatusSlug)).join(', ')})`;

/**
 * The period and filters, on `i` (work_order_insights, which carries the order's period columns):
 * every aggregate reads the same orders, as one range scan of the covering index
 * work_order_insights_period (migration 0012), never a row of work_orders.
 */
const IN_PERIOD = `i.schedule_start >= @from AND i.schedule_start < @to
  AND (@client IS NULL OR i.client_id = @client) AND (@typeOfWork IS NULL OR i.type_of_work_id = @typeOfWork)`;
/** The same on `w` (work_orders), for the attention rules, which read its sub-status. */
const W_IN_PERIOD = IN_PERIOD.replaceAll('i.', 'w.');
const WEEK = `CAST((i.schedule_start - @from) / ${WEEK_MS} AS INTEGER)`;
/** A client's name as its orders carry it: one index lookup per client shown. */
const CLIENT_NAME = (id: string) => `(SELECT client_name FROM work_orders WHERE client_id = ${id} AND client_name IS NOT NULL LIMIT 1)`;

const FROM_PERIOD = `FROM work_order_insights i WHERE ${IN_PERIOD}`;

export const INSIGHTS_SQL = {
  statusByWeek: `SELECT ${WEEK} AS week, i.status_id AS statusId, COUNT(*) AS count ${FROM_PERIOD} GROUP BY week, i.status_id ORDER BY week, i.status_id`,
  totals: `SELECT COUNT(*) AS orders, COUNT(i.created_at) AS withMilestones,
      coalesce(SUM(i.workdone_at > i.schedule_end), 0) AS workDoneLate,
      COUNT(CASE WHEN i.workdone_at IS NOT NULL AND i.schedule_end IS NOT NULL THEN 1 END) AS workDoneMeasured
    ${FROM_PERIOD}`,
  // Only assigned orders can be late or at risk: the attention index finds them.
  attention: `SELECT coalesce(SUM(${ATTENTION_CONDITIONS.late}), 0) AS lateNow, coalesce(SUM(${ATTENTION_CONDITIONS['at-risk']}), 0) AS atRiskNow
    FROM work_orders w WHERE w.status_id = ${statusId('assigned')} AND ${W_IN_PERIOD}`,
  // Few orders have an open problem: their index (`+` keeps the planner off the schedule's) beats the period's.
  openProblems: `SELECT COUNT(*) FROM work_orders w WHERE w.open_problems > 0 AND ${W_IN_PERIOD.replaceAll('w.schedule_start', '+w.schedule_start')}`,
  unscheduled: 'SELECT COUNT(*) FROM work_orders WHERE schedule_start IS NULL',
  // The schedule index's first entry: where the cached data starts, whatever the period.
  firstScheduled: 'SELECT min(schedule_start) FROM work_orders',
  durationSpans: durationSpansSql(IN_PERIOD),
  clientName: `SELECT ${CLIENT_NAME('?')}`,
  problems: `SELECT p.type_id AS typeId, max(p.type_name) AS name, SUM(p.resolved = 0) AS open, SUM(p.resolved = 1) AS resolved
    FROM work_order_problems p JOIN work_order_insights i ON i.work_order_id = p.work_order_id WHERE ${IN_PERIOD}
    GROUP BY p.type_id ORDER BY open DESC, resolved DESC, p.type_id`,
  payByClient: `SELECT k AS clientId, ${CLIENT_NAME('k')} AS name, orders, amount FROM (
      SELECT i.client_id AS k, COUNT(*) AS orders, round(coalesce(SUM(i.pay_committed), 0), 2) AS amount
      ${FROM_PERIOD} AND i.status_id IN ${COMMITTED} GROUP BY i.client_id)
    ORDER BY amount DESC, clientId`,
  payByWeek: `SELECT ${WEEK} AS week, COUNT(*) AS orders, round(coalesce(SUM(i.pay_committed), 0), 2) AS amount
    ${FROM_PERIOD} AND i.status_id IN ${COMMITTED} GROUP BY week ORDER BY week`,
} as const;

type Prepared = { [Name in keyof typeof INSIGHTS_SQL]: Statement };
/** Insights over the cached orders: SQL aggregates, never a document read into JS. */
export class InsightsRepository {
  readonly #sql: Prepared;

  constructor(db: CacheDatabase) {
    this.#sql = Object.fromEntries(Object.entries(INSIGHTS_SQL).map(([name, sql]) => [name, db.prepare(sql)])) as Prepared;
  }

  /** `typeNames`: the names of the types of work (the reference list), which rows carry only by id. */
  get(request: InsightsRequest, typeNames: ReadonlyMap<number, string> = new Map(), now: number = Date.now()): Insights {
    const { from, to } = request;
    const parameters = { from, to, client: request.client ?? null, typeOfWork: request.typeOfWork ?? null };
    const weeks = Array.from({ length: Math.ceil((to - from) / WEEK_MS) }, (_unused, index) => from + index * WEEK_MS);
    const weekStart = (week: number) => from + week * WEEK_MS;
    const totals = this.#sql.totals.get(parameters) as { orders: number; withMilestones: number; workDoneLate: number; workDoneMeasured: number };
    const attention = this.#sql.attention.get({ ...parameters, now }) as { lateNow: number; atRiskNow: number };
    const spans = this.#sql.durationSpans.raw().all(parameters) as Parameters<typeof durationRows>[0];
    const clientName = (id: number | null) => (id === null ? null : ((this.#sql.clientName.pluck().get(id) as string | undefined) ?? null));
    const typeName = (id: number | null) => (id === null ? null : (typeNames.get(id) ?? null));
    const percentileRows = (span: 'dispatch' | 'workDone', by: DurationGroup) =>
      request.durationsBy !== undefined && request.durationsBy !== by ? [] : durationRows(spans, span, by, by === 'type' ? typeName : clientName);
    const problems = this.#sql.problems.all(parameters) as Insights['problems'];
    const byClient = this.#sql.payByClient.all(parameters) as Insights['pay']['byClient'];
    return {
      from,
      to,
      weeks,
      orders: totals.orders,
      unscheduled: this.#sql.unscheduled.pluck().get() as number,
      firstScheduled: (this.#sql.firstScheduled.pluck().get() as number | null) ?? null,
      statusByWeek: (this.#sql.statusByWeek.all(parameters) as { week: number; statusId: number | null; count: number }[]).map((row) => ({ weekStart: weekStart(row.week), statusId: row.statusId, count: row.count })),
      withMilestones: totals.withMilestones,
      timeToDispatch: { byTypeOfWork: percentileRows('dispatch', 'type'), byClient: percentileRows('dispatch', 'client') },
      timeToWorkDone: { byTypeOfWork: percentileRows('workDone', 'type'), byClient: percentileRows('workDone', 'client') },
      problems,
      ordersWithOpenProblems: this.#sql.openProblems.pluck().get(parameters) as number,
      delays: { lateNow: attention.lateNow, atRiskNow: attention.atRiskNow, workDoneLate: totals.workDoneLate, workDoneMeasured: totals.workDoneMeasured },
      pay: {
        total: Math.round(byClient.reduce((sum, row) => sum + row.amount, 0) * 100) / 100,
        orders: byClient.reduce((sum, row) => sum + row.orders, 0),
        byClient,
        byWeek: (this.#sql.payByWeek.all(parameters) as { week: number; orders: number; amount: number }[]).map((row) => ({ weekStart: weekStart(row.week), orders: row.orders, amount: row.amount })),
      },
    };
  }
}
