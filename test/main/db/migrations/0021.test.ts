import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0021: the Problems list by schedule', () => {
  it('reads the orders with open problems in schedule order from their own index instead of sorting them', () => {
    const db = new Database(':memory:');
    migrateTo(db, 20);
    const insert = db.prepare('INSERT INTO work_orders (id, title, status_id, schedule_start, open_problems, updated_at, cached_at) VALUES (?, ?, 3, ?, ?, 0, 0)');
    insert.run(1, 'Late, no problem', 300, 0);
    insert.run(2, 'Later problem', 200, 1);
    insert.run(3, 'Earlier problem', 100, 2);
    const page = 'SELECT w.id FROM work_orders w WHERE w.open_problems > 0 ORDER BY w.schedule_start DESC, w.id DESC LIMIT 50';
    const plan = () => (db.prepare(`EXPLAIN QUERY PLAN ${page}`).all() as { detail: string }[]).map((step) => step.detail).join(' | ');
    expect(plan()).not.toMatch(/work_orders_problems_schedule/);
    expect(migrateTo(db, 21)).toBe(21);
    expect(plan()).toMatch(/USING (COVERING )?INDEX work_orders_problems_schedule/);
    expect(plan()).not.toMatch(/TEMP B-TREE/);
    expect(db.prepare(page).pluck().all()).toEqual([2, 3]);
  });
});
