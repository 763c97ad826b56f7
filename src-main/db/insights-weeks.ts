/**
 * Insights' counts and sums kept per week (migration 0022), so a year of a million orders is a few
 * thousand rows to add up instead of a million index entries read once per figure.
 *
 * The screen's weeks are 7 × 24 h from a local Monday midnight (src-renderer/lib/insights-period.ts),
 * so every week of every period starts at the same offset modulo a week (the grid's `phase`), until
 * the clocks change or the computer moves to another time zone. A period off the grid regrids:
 * one pass over the period index (about a second at a million orders), twice a year.
 *
 * A key column with no value is kept as -1 (a primary key cannot hold NULL); answers read it back as null.
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
const PHASE = '(SELECT phase FROM insights_grid)';
const COLUMNS = [...KEYS, ...MEASURES].join(', ');
const ADD = `ON CONFLICT (${KEYS.join(', ')}) DO UPDATE SET ${MEASURES.map((measure) => `${measure} = ${measure} + excluded.${measure}`).join(', ')}`;
const add = (r: string) => `INSERT INTO insights_weeks (${COLUMNS}) SELECT ${[...keyValues(r, PHASE), ...measureValues(r)].join(', ')} WHERE ${r}.schedule_start IS NOT NULL ${ADD};`;
const subtract = (r: string) =>
  `UPDATE insights_weeks SET ${MEASURES.map((measure, index) => `${measure} = ${measure} - ${measureValues(r)[index]}`).join(', ')}
    WHERE ${r}.schedule_start IS NOT NULL AND ${KEYS.map((key, index) => `${key} = ${keyValues(r, PHASE)[index]}`).join(' AND ')};`;
/** Only what the weekly figures read; milestones and pay written again unchanged fire nothing. */
const CHANGED = ['schedule_start', 'schedule_end', 'status_id', 'client_id', 'type_of_work_id', 'created_at', 'workdone_at', 'pay_committed'].map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ');

/** Every week again from the orders' insights rows, on the grid's phase: the migration's fill, a regrid, the end of a bulk load. */
export const REBUILD_WEEKS_SQL = `
  DELETE FROM insights_weeks;
  INSERT INTO insights_weeks (${COLUMNS})
    SELECT ${keyValues('i', 'g.phase').join(', ')}, ${measureValues('i')
      .map((value) => `SUM(${value})`)
      .join(', ')}
    FROM work_order_insights i, insights_grid g WHERE i.schedule_start IS NOT NULL GROUP BY 1, 2, 3, 4;`;

export const INSIGHTS_WEEKS_SCHEMA = `
  CREATE TABLE insights_grid (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    phase INTEGER NOT NULL CHECK (phase >= 0 AND phase < ${WEEK_MS})
  );
  INSERT INTO insights_grid (id, phase) VALUES (1, 0);
  CREATE TABLE insights_weeks (
    week INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    client_id INTEGER NOT NULL,
    type_of_work_id INTEGER NOT NULL,
    orders INTEGER NOT NULL,
    with_milestones INTEGER NOT NULL,
    work_done_late INTEGER NOT NULL,
    work_done_measured INTEGER NOT NULL,
    pay_amount REAL NOT NULL,
    PRIMARY KEY (week, status_id, client_id, type_of_work_id)
  ) WITHOUT ROWID;
  CREATE TRIGGER insights_weeks_insert AFTER INSERT ON work_order_insights BEGIN
    ${add('NEW')}
  END;
  CREATE TRIGGER insights_weeks_delete AFTER DELETE ON work_order_insights BEGIN
    ${subtract('OLD')}
  END;
  CREATE TRIGGER insights_weeks_update AFTER UPDATE ON work_order_insights WHEN ${CHANGED} BEGIN
    ${subtract('OLD')}
    ${add('NEW')}
  END;
  ${REBUILD_WEEKS_SQL}`;

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
