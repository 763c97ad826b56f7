import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { INSIGHTS_SQL } from '../../../../src-main/db/insights-repository';
import { migrateTo } from './support';

describe('migration 0023: problems carry their order’s service date, client and type of work', () => {
  it('copies them from the orders’ insights rows, and the period’s problems are read from their own index', () => {
    const db = new Database(':memory:');
    migrateTo(db, 22);
    const order = db.prepare('INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (?, ?, 0, 0)');
    const insights = db.prepare('INSERT INTO work_order_insights (work_order_id, schedule_start, client_id, type_of_work_id) VALUES (?, ?, ?, ?)');
    const problem = db.prepare('INSERT INTO work_order_problems (work_order_id, problem_id, type_id, type_name, resolved) VALUES (?, ?, ?, ?, ?)');
    order.run(1, 'One');
    insights.run(1, 1_000, 7, 3);
    problem.run(1, 10, 25, 'Provider late', 0);
    problem.run(1, 11, 44, 'Missing parts', 1);
    // An order with no service date: its problems have none either.
    order.run(2, 'Two');
    insights.run(2, null, 8, null);
    problem.run(2, 20, 25, 'Provider late', 0);

    expect(migrateTo(db, 23)).toBe(23);
    expect(db.prepare('SELECT work_order_id, problem_id, schedule_start, client_id, type_of_work_id FROM work_order_problems ORDER BY 1, 2').raw().all()).toEqual([
      [1, 10, 1_000, 7, 3],
      [1, 11, 1_000, 7, 3],
      [2, 20, null, 8, null],
    ]);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${INSIGHTS_SQL.problems}`)
      .all({ from: 0, to: 2_000, client: null, typeOfWork: null })
      .map((step) => (step as { detail: string }).detail);
    expect(plan).toContain('SEARCH p USING COVERING INDEX work_order_problems_period (schedule_start>? AND schedule_start<?)');
    expect(db.prepare(INSIGHTS_SQL.problems).all({ from: 0, to: 2_000, client: 7, typeOfWork: null })).toEqual([
      { typeId: 25, name: 'Provider late', open: 1, resolved: 0 },
      { typeId: 44, name: 'Missing parts', open: 0, resolved: 1 },
    ]);
  });
});
