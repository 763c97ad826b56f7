import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0021: the Problems list by schedule', () => {
  it('reads the orders with open problems in schedule order from their own index instead of sorting them', () => {
    const db = new Database(':memory:');
    migrateTo(db, 20);
    // One order in fifty with a problem, as the synthetic caches have, and the planner's statistics.
    const insert = db.prepare('INSERT INTO work_orders (id, title, status_id, schedule_start, open_problems, updated_at, cached_at) VALUES (?, ?, 3, ?, ?, 0, 0)');
    db.transaction(() => {
      for (let id = 1; id <= 5_000; id += 1) insert.run(id, `Order ${id}`, (id * 7_919) % 100_000, id % 50 === 0 ? 1 : 0);
    })();
    db.exec('ANALYZE');
    const page = 'SELECT w.id FROM work_orders w WHERE w.open_problems > 0 ORDER BY w.schedule_start DESC, w.id DESC LIMIT 50';
    const plan = () => (db.prepare(`EXPLAIN QUERY PLAN ${page}`).all() as { detail: string }[]).map((step) => step.detail).join(' | ');
    expect(plan()).toMatch(/TEMP B-TREE/);
    const sorted = db.prepare(page).pluck().all();
    expect(migrateTo(db, 21)).toBe(21);
    db.exec('ANALYZE');
    expect(plan()).toMatch(/USING (COVERING )?INDEX work_orders_problems_schedule/);
    expect(plan()).not.toMatch(/TEMP B-TREE/);
    expect(db.prepare(page).pluck().all()).toEqual(sorted);
  });
});
