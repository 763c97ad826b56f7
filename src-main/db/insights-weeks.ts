/**
 * Insights' counts and sums kept per week (migration 0022), so a year of a million orders is a few
 * thousand rows to add up instead of a million index entries read once per figure.
 *
 * The screen's weeks are 7 × 24 h from a local Monday midnight (src-renderer/lib/insights-period.ts),
 * so every week of every period starts at the same offset modulo a week (the grid's `phase`), until
 * the clocks change or the computer moves to another time zone. A period off the grid regrids:
 * one pass over the period index (1.1–1.5 s at a million orders, timed once by hand), twice a year.
 *
 * A key column with no value is kept as -1 (a primary key cannot hold NULL); answers read it back as null.
 * The table and its triggers are migration 0022's, written out there as shipped: a change of the
 * measures below is a new migration replacing those triggers, or the sums the triggers keep and the
 * ones REBUILD_WEEKS_SQL makes would differ (test/main/db/migrations/0022.test.ts compares them).
 */
export const WEEK_MS = 7 * 24 * 3_600_000;

/** The grid's week of a service date (floor division: a date before the phase is week -1, not 0). */
const week = (start: string, phase: string) => `((${start} - ${phase}) / ${WEEK_MS} - ((${start} - ${phase}) % ${WEEK_MS} < 0))`;

const KEYS = ['week', 'status_id', 'client_id', 'type_of_work_id'] as const;
const MEASURES = ['orders', 'with_milestones', 'work_done_late', 'work_done_measured', 'pay_amount'] as const;

/** A row of work_order_insights (`r`: NEW, OLD or an alias) as the weekly key and measures, in column order. */
const keyValues = (r: string, phase: string) => [week(`${r}.schedule_start`, phase), `coalesce(${r}.status_id, -1)`, `coalesce(${r}.client_id, -1)`, `coalesce(${r}.type_of_work_id, -1)`];
// The same definitions as the figures read without the weeks (insights-repository.ts, INSIGHTS_SQL).
const measureValues = (r: string) => [
  '1',
  `(${r}.created_at IS NOT NULL)`,
  `coalesce(${r}.workdone_at > ${r}.schedule_end, 0)`,
  `(${r}.workdone_at IS NOT NULL AND ${r}.schedule_end IS NOT NULL)`,
  `coalesce(${r}.pay_committed, 0)`,
];
const COLUMNS = [...KEYS, ...MEASURES].join(', ');

/** Every week again from the orders' insights rows, on the grid's phase: a regrid, the end of a bulk load. */
export const REBUILD_WEEKS_SQL = `
  DELETE FROM insights_weeks;
  INSERT INTO insights_weeks (${COLUMNS})
    SELECT ${keyValues('i', 'g.phase').join(', ')}, ${measureValues('i')
      .map((value) => `SUM(${value})`)
      .join(', ')}
    FROM work_order_insights i, insights_grid g WHERE i.schedule_start IS NOT NULL GROUP BY 1, 2, 3, 4;`;

/** The phase (0 ≤ phase < a week) of a period that starts at `from`. */
export const phaseOf = (from: number): number => ((from % WEEK_MS) + WEEK_MS) % WEEK_MS;

/** On the weekly rows `w`, the grid's weeks [@w0, @w1) and the filters. */
const IN_WEEKS = `w.week >= @w0 AND w.week < @w1
  AND (@client IS NULL OR w.client_id = @client) AND (@typeOfWork IS NULL OR w.type_of_work_id = @typeOfWork)`;

/** The figures the weeks hold, answering what INSIGHTS_SQL's statements of the same names answer. */
export const weeklySql = (committed: string, clientName: (id: string) => string) => ({
  statusByWeek: `SELECT w.week - @w0 AS week, nullif(w.status_id, -1) AS statusId, SUM(w.orders) AS count FROM insights_weeks w WHERE ${IN_WEEKS}
    GROUP BY w.week, w.status_id HAVING SUM(w.orders) > 0 ORDER BY w.week, w.status_id`,
  totals: `SELECT coalesce(SUM(w.orders), 0) AS orders, coalesce(SUM(w.with_milestones), 0) AS withMilestones,
      coalesce(SUM(w.work_done_late), 0) AS workDoneLate, coalesce(SUM(w.work_done_measured), 0) AS workDoneMeasured
    FROM insights_weeks w WHERE ${IN_WEEKS}`,
  payByClient: `SELECT k AS clientId, ${clientName('k')} AS name, orders, amount FROM (
      SELECT nullif(w.client_id, -1) AS k, SUM(w.orders) AS orders, round(SUM(w.pay_amount), 2) AS amount
      FROM insights_weeks w WHERE ${IN_WEEKS} AND w.status_id IN ${committed} GROUP BY w.client_id HAVING SUM(w.orders) > 0)
    ORDER BY amount DESC, clientId`,
  payByWeek: `SELECT w.week - @w0 AS week, SUM(w.orders) AS orders, round(SUM(w.pay_amount), 2) AS amount
    FROM insights_weeks w WHERE ${IN_WEEKS} AND w.status_id IN ${committed} GROUP BY w.week HAVING SUM(w.orders) > 0 ORDER BY w.week`,
});
