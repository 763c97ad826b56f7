import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0012: the insights row carries its order’s period columns', () => {
  it('copies them from the cached orders, and a period’s aggregates read one index only', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 11);
    db.prepare('INSERT INTO work_orders (id, status_id, client_id, type_of_work_id, schedule_start, schedule_end, updated_at, cached_at) VALUES (61, 3, 501, 4, 1000, 2000, 0, 0)').run();
    db.prepare('INSERT INTO work_order_insights (work_order_id, pay_committed) VALUES (61, 240)').run();
    expect(migrateTo(db, 12)).toBe(12);
    expect(db.prepare('SELECT schedule_start, schedule_end, status_id, client_id, type_of_work_id, pay_committed FROM work_order_insights').get()).toEqual({
      schedule_start: 1000,
      schedule_end: 2000,
      status_id: 3,
      client_id: 501,
      type_of_work_id: 4,
      pay_committed: 240,
    });
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT status_id, client_id, SUM(pay_committed), COUNT(assigned_at) FROM work_order_insights WHERE schedule_start >= 0 AND schedule_start < 5000 GROUP BY status_id, client_id')
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toMatch(/USING COVERING INDEX work_order_insights_period/);
  });
});
