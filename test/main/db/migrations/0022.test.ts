import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { REBUILD_WEEKS_SQL, WEEK_MS } from '../../../../src-main/db/insights-weeks';
import { random } from '../../db/work-order-fixtures';
import { migrateTo } from './support';

const DAY = 24 * 3_600_000;
const START = Date.UTC(2026, 0, 5);

/** What the weeks must hold: summed again from the insights rows, on the grid's phase, rows with no orders left out. */
const resummed = (db: Database.Database) =>
  db
    .prepare(
      `SELECT CAST(floor((i.schedule_start - g.phase) * 1.0 / ${WEEK_MS}) AS INTEGER) AS week, coalesce(status_id, -1) AS status_id, coalesce(client_id, -1) AS client_id, coalesce(type_of_work_id, -1) AS type_of_work_id,
        COUNT(*) AS orders, COUNT(created_at) AS with_milestones, coalesce(SUM(workdone_at > schedule_end), 0) AS work_done_late,
        COUNT(CASE WHEN workdone_at IS NOT NULL AND schedule_end IS NOT NULL THEN 1 END) AS work_done_measured, round(coalesce(SUM(pay_committed), 0), 2) AS pay_amount
      FROM work_order_insights i, insights_grid g WHERE schedule_start IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    )
    .all();
const kept = (db: Database.Database) =>
  db
    .prepare('SELECT week, status_id, client_id, type_of_work_id, orders, with_milestones, work_done_late, work_done_measured, round(pay_amount, 2) AS pay_amount FROM insights_weeks WHERE orders > 0 ORDER BY 1, 2, 3, 4')
    .all();

function insightsRow(next: () => number, id: number): (number | null)[] {
  const start = next() < 0.1 ? null : START + Math.floor((next() - 0.2) * 20 * 7 * DAY);
  const end = start === null || next() < 0.3 ? null : start + Math.floor(next() * 6) * 3_600_000;
  const created = next() < 0.4 ? null : (start ?? START) - 3 * DAY;
  const workdone = end === null || next() < 0.5 ? null : end + Math.floor((next() - 0.5) * 8) * 3_600_000;
  const pay = next() < 0.2 ? null : Math.round(next() * 50_000) / 100;
  const pick = (count: number) => (next() < 0.1 ? null : 1 + Math.floor(next() * count));
  return [id, created, workdone, pay, start, end, pick(9), pick(4), pick(3)];
}

describe('migration 0022: Insights’ weeks kept as the orders’ insights rows change', () => {
  it('sums the rows already cached, then follows inserts, upserts, changes of each column read, deletes, and a new phase', () => {
    const db = new Database(':memory:');
    migrateTo(db, 21);
    const next = random(22);
    const order = db.prepare('INSERT OR IGNORE INTO work_orders (id, title, updated_at, cached_at) VALUES (?, ?, 0, 0)');
    const upsert = db.prepare(
      `INSERT INTO work_order_insights (work_order_id, created_at, workdone_at, pay_committed, schedule_start, schedule_end, status_id, client_id, type_of_work_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (work_order_id) DO UPDATE SET created_at = excluded.created_at, workdone_at = excluded.workdone_at, pay_committed = excluded.pay_committed, schedule_start = excluded.schedule_start,
         schedule_end = excluded.schedule_end, status_id = excluded.status_id, client_id = excluded.client_id, type_of_work_id = excluded.type_of_work_id`,
    );
    const write = (id: number) => {
      order.run(id, `Order ${id}`);
      upsert.run(insightsRow(next, id));
    };
    for (let id = 1; id <= 40; id += 1) write(id);
    expect(migrateTo(db, 22)).toBe(22);
    expect(kept(db)).toEqual(resummed(db));
    expect(kept(db).length).toBeGreaterThan(10);

    const columns = ['created_at', 'workdone_at', 'pay_committed', 'schedule_start', 'schedule_end', 'status_id', 'client_id', 'type_of_work_id', 'approved_at'];
    for (let step = 0; step < 2_000; step += 1) {
      const id = 1 + Math.floor(next() * 80);
      const roll = next();
      if (roll < 0.5) write(id);
      else if (roll < 0.8) {
        const column = columns[Math.floor(next() * columns.length)] as string;
        const value = insightsRow(next, id)[1 + Math.min(7, columns.indexOf(column))];
        db.prepare(`UPDATE work_order_insights SET ${column} = ? WHERE work_order_id = ?`).run(value ?? null, id);
      } else if (roll < 0.9) db.prepare('DELETE FROM work_order_insights WHERE work_order_id = ?').run(id);
      // The order itself goes: its insights row follows (ON DELETE CASCADE) and so do its weeks.
      else db.prepare('DELETE FROM work_orders WHERE id = ?').run(id);
    }
    expect(kept(db)).toEqual(resummed(db));

    // A period starting at another hour of the week (clocks changed): summed again on that phase.
    db.prepare('UPDATE insights_grid SET phase = ?').run(5 * 3_600_000);
    db.exec(REBUILD_WEEKS_SQL);
    expect(kept(db)).toEqual(resummed(db));
    for (let id = 1; id <= 80; id += 1) write(id);
    expect(kept(db)).toEqual(resummed(db));
    expect(() => db.prepare('UPDATE insights_grid SET phase = ?').run(WEEK_MS)).toThrow(/CHECK/);
  });
});
