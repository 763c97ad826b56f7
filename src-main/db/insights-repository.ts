import type { Statement } from 'better-sqlite3';
import { statusBySlug, type StatusSlug } from '../../src-shared/api/status';
import type { Insights, InsightsRequest } from '../../src-shared/ipc/insights';
import type { CacheDatabase } from './database';
import { hasDeferredTriggers } from './deferred-indexes';
import { StatementCache } from './statement-cache';
import { DURATION_SAMPLE_ABOVE, DURATION_SAMPLE_EVERY, durationRows, durationSpansSql, type DurationGroup } from './insights-durations';
import { phaseOf, REBUILD_WEEKS_SQL, WEEK_MS, weeklySql } from './insights-weeks';
import { ATTENTION_CONDITIONS } from './work-order-attention';

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
  // Without a filter the attention index alone answers (the filters' columns are not in it).
  attentionUnfiltered: `SELECT coalesce(SUM(${ATTENTION_CONDITIONS.late}), 0) AS lateNow, coalesce(SUM(${ATTENTION_CONDITIONS['at-risk']}), 0) AS atRiskNow
    FROM work_orders w WHERE w.status_id = ${statusId('assigned')} AND w.schedule_start >= @from AND w.schedule_start < @to`,
  // Few orders have an open problem: their index (`+` keeps the planner off the schedule's) beats the period's.
  openProblems: `SELECT COUNT(*) FROM work_orders w WHERE w.open_problems > 0 AND ${W_IN_PERIOD.replaceAll('w.schedule_start', '+w.schedule_start')}`,
  // Without a filter, the index of orders with open problems by service date (migration 0021) counts them alone.
  openProblemsUnfiltered: 'SELECT COUNT(*) FROM work_orders w WHERE w.open_problems > 0 AND w.schedule_start >= @from AND w.schedule_start < @to',
  unscheduled: 'SELECT COUNT(*) FROM work_orders WHERE schedule_start IS NULL',
  // The schedule index's first entry: where the cached data starts, whatever the period.
  firstScheduled: 'SELECT min(schedule_start) FROM work_orders',
  durationSpans: durationSpansSql(IN_PERIOD),
  durationSpansSampled: durationSpansSql(IN_PERIOD, true),
  clientName: `SELECT ${CLIENT_NAME('?')}`,
  // Problems carry their order's period columns (migration 0023): the period's problems, not its every order.
  problems: `SELECT p.type_id AS typeId, max(p.type_name) AS name, SUM(p.resolved = 0) AS open, SUM(p.resolved = 1) AS resolved
    FROM work_order_problems p WHERE ${IN_PERIOD.replaceAll('i.', 'p.')}
    GROUP BY p.type_id ORDER BY open DESC, resolved DESC, p.type_id`,
  payByClient: `SELECT k AS clientId, ${CLIENT_NAME('k')} AS name, orders, amount FROM (
      SELECT i.client_id AS k, COUNT(*) AS orders, round(coalesce(SUM(i.pay_committed), 0), 2) AS amount
      ${FROM_PERIOD} AND i.status_id IN ${COMMITTED} GROUP BY i.client_id)
    ORDER BY amount DESC, clientId`,
  payByWeek: `SELECT ${WEEK} AS week, COUNT(*) AS orders, round(coalesce(SUM(i.pay_committed), 0), 2) AS amount
    ${FROM_PERIOD} AND i.status_id IN ${COMMITTED} GROUP BY week ORDER BY week`,
  // The weeks are right only while their triggers are in place (a bulk load defers them) and the grid's phase is the period's.
  weeksGrid: 'SELECT phase FROM insights_grid',
} as const;

/** The figures the weekly rows answer (insights-weeks.ts), in place of the same-named scans above. */
export const INSIGHTS_WEEKLY_SQL = weeklySql(COMMITTED, CLIENT_NAME);

/** Whether a moment is midnight on this computer's clock (the screen's weeks start at one). */
function isLocalMidnight(at: number): boolean {
  const date = new Date(at);
  return date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0 && date.getMilliseconds() === 0;
}

type Prepared = { [Name in keyof typeof INSIGHTS_SQL]: Statement };
type PreparedWeekly = { [Name in keyof typeof INSIGHTS_WEEKLY_SQL]: Statement };
/** Statements both ways answer by the same names. */
type Figures = Pick<Prepared, keyof PreparedWeekly>;
/** Insights over the cached orders: SQL aggregates, never a document read into JS. */
export class InsightsRepository {
  readonly #db: CacheDatabase;
  readonly #statements: StatementCache;
  readonly #sql: Prepared;
  readonly #weekly: PreparedWeekly;
  /** Tests compare both ways; the app always reads the weeks where it can. */
  readonly #useWeeks: boolean;

  /** Tests lower it to see the estimate on a small cache. */
  readonly #sampleAbove: number;

  constructor(db: CacheDatabase, { useWeeks = true, sampleAbove = DURATION_SAMPLE_ABOVE }: { useWeeks?: boolean; sampleAbove?: number } = {}) {
    this.#sampleAbove = sampleAbove;
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.#sql = Object.fromEntries(Object.entries(INSIGHTS_SQL).map(([name, sql]) => [name, db.prepare(sql)])) as Prepared;
    this.#weekly = Object.fromEntries(Object.entries(INSIGHTS_WEEKLY_SQL).map(([name, sql]) => [name, db.prepare(sql)])) as PreparedWeekly;
    this.#useWeeks = useWeeks;
  }

  /**
   * The statements for a period: the weekly rows when they hold it (regridded first when the
   * period starts off their grid), the period's scans while a bulk load has their triggers waiting.
   */
  #figures(from: number, to: number): { figures: Figures; weeks: { w0: number; w1: number } | undefined } {
    if (!this.#useWeeks || (to - from) % WEEK_MS !== 0 || hasDeferredTriggers((sql) => this.#statements.get(sql), 'work_order_insights')) return { figures: this.#sql, weeks: undefined };
    const phase = phaseOf(from);
    if (this.#sql.weeksGrid.pluck().get() !== phase) {
      // Only the screen's own periods move the grid (they start at a local midnight: twice a year a
      // clock change moves it); any other start is answered by the scans, so two callers with
      // different phases cannot rewrite the weeks in turn from a read.
      if (!isLocalMidnight(from)) return { figures: this.#sql, weeks: undefined };
      this.#db.transaction(() => {
        this.#db.prepare('UPDATE insights_grid SET phase = ?').run(phase);
        this.#db.exec(REBUILD_WEEKS_SQL);
      })();
    }
    const w0 = Math.floor((from - phase) / WEEK_MS);
    return { figures: this.#weekly, weeks: { w0, w1: w0 + (to - from) / WEEK_MS } };
  }

  /** `typeNames`: the names of the types of work (the reference list), which rows carry only by id. */
  get(request: InsightsRequest, typeNames: ReadonlyMap<number, string> = new Map(), now: number = Date.now()): Insights {
    const { from, to } = request;
    const parameters = { from, to, client: request.client ?? null, typeOfWork: request.typeOfWork ?? null };
    const weeks = Array.from({ length: Math.ceil((to - from) / WEEK_MS) }, (_unused, index) => from + index * WEEK_MS);
    const weekStart = (week: number) => from + week * WEEK_MS;
    const { figures, weeks: grid } = this.#figures(from, to);
    const figureParameters = grid ? { ...parameters, ...grid } : parameters;
    const totals = figures.totals.get(figureParameters) as { orders: number; withMilestones: number; workDoneLate: number; workDoneMeasured: number };
    const filtered = parameters.client !== null || parameters.typeOfWork !== null;
    const attention = (filtered ? this.#sql.attention.get({ ...parameters, now }) : this.#sql.attentionUnfiltered.get({ from, to, now })) as { lateNow: number; atRiskNow: number };
    const sampled = totals.withMilestones > this.#sampleAbove;
    const spans = (sampled ? this.#sql.durationSpansSampled : this.#sql.durationSpans).raw().all(parameters) as Parameters<typeof durationRows>[0];
    const clientName = (id: number | null) => (id === null ? null : ((this.#sql.clientName.pluck().get(id) as string | undefined) ?? null));
    const typeName = (id: number | null) => (id === null ? null : (typeNames.get(id) ?? null));
    const percentileRows = (span: 'dispatch' | 'workDone', by: DurationGroup) =>
      request.durationsBy !== undefined && request.durationsBy !== by ? [] : durationRows(spans, span, by, by === 'type' ? typeName : clientName);
    const problems = this.#sql.problems.all(parameters) as Insights['problems'];
    const byClient = figures.payByClient.all(figureParameters) as Insights['pay']['byClient'];
    return {
      from,
      to,
      weeks,
      orders: totals.orders,
      unscheduled: this.#sql.unscheduled.pluck().get() as number,
      firstScheduled: (this.#sql.firstScheduled.pluck().get() as number | null) ?? null,
      statusByWeek: (figures.statusByWeek.all(figureParameters) as { week: number; statusId: number | null; count: number }[]).map((row) => ({ weekStart: weekStart(row.week), statusId: row.statusId, count: row.count })),
      withMilestones: totals.withMilestones,
      timeToDispatch: { byTypeOfWork: percentileRows('dispatch', 'type'), byClient: percentileRows('dispatch', 'client') },
      timeToWorkDone: { byTypeOfWork: percentileRows('workDone', 'type'), byClient: percentileRows('workDone', 'client') },
      ...(sampled ? { durationsSampledEvery: DURATION_SAMPLE_EVERY } : {}),
      problems,
      ordersWithOpenProblems: (filtered ? this.#sql.openProblems.pluck().get(parameters) : this.#sql.openProblemsUnfiltered.pluck().get({ from, to })) as number,
      delays: { lateNow: attention.lateNow, atRiskNow: attention.atRiskNow, workDoneLate: totals.workDoneLate, workDoneMeasured: totals.workDoneMeasured },
      pay: {
        total: Math.round(byClient.reduce((sum, row) => sum + row.amount, 0) * 100) / 100,
        orders: byClient.reduce((sum, row) => sum + row.orders, 0),
        byClient,
        byWeek: (figures.payByWeek.all(figureParameters) as { week: number; orders: number; amount: number }[]).map((row) => ({ weekStart: weekStart(row.week), orders: row.orders, amount: row.amount })),
      },
    };
  }
}
