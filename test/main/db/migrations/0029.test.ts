import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0029: each change to what the triage rules read keeps the order as it was', () => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrateTo(db, 28);
  db.prepare("INSERT INTO work_orders (id, title, status_id, sub_status, schedule_start, schedule_end, open_problems, updated_at, cached_at) VALUES (1, 'Kiosk', 3, 'confirmed', 1000, 2000, 0, 0, 0)").run();
  expect(migrateTo(db, 29)).toBe(29);
  const version = db.prepare('SELECT version FROM triage_version').pluck();
  const changes = db.prepare('SELECT id, existed, status_id, schedule_start, schedule_end, sub_status, open_problems, has_request FROM triage_changes ORDER BY seq');
  const row = (id: number, existed: number, had: number | null = null) => ({ id, existed, status_id: 3, schedule_start: 1000, schedule_end: 2000, sub_status: 'confirmed', open_problems: 0, has_request: had });
  const unknown = (id: number, existed: number) => ({ id, existed, status_id: null, schedule_start: null, schedule_end: null, sub_status: null, open_problems: null, has_request: null });

  it('keeps one row per move of the triage version: the order before its change, and whether it had an open request', () => {
    const from = version.get() as number;
    db.prepare("UPDATE work_orders SET sub_status = 'delayed' WHERE id = 1").run();
    db.prepare("UPDATE work_orders SET title = 'Kiosk repair' WHERE id = 1").run();
    db.prepare("INSERT INTO work_orders (id, title, status_id, updated_at, cached_at) VALUES (2, 'New', 2, 0, 0)").run();
    db.prepare("INSERT INTO requests (id, work_order_id, active, json, fetched_at) VALUES (10, 1, 1, '{}', 0)").run();
    db.prepare('UPDATE requests SET active = 0 WHERE id = 10').run();
    db.prepare('DELETE FROM requests WHERE id = 10').run();
    db.prepare('DELETE FROM work_orders WHERE id = 2').run();
    const delayed = { ...row(1, 1), sub_status: 'delayed' };
    expect(changes.all()).toEqual([
      row(1, 1, 0), // the sub-status, before
      unknown(2, 0), // a new order
      { ...delayed, has_request: 0 }, // a request added: none open before
      { ...delayed, has_request: 1 }, // the request closed: it was open
      { ...delayed, has_request: 0 }, // the closed request removed: none open before
      unknown(2, -1), // an order removed: its groups are counted again
    ]);
    expect((version.get() as number) - from).toBe(6);
  });

  it('keeps only the last 512 rows', () => {
    for (let change = 0; change < 600; change += 1) db.prepare('UPDATE work_orders SET open_problems = ? WHERE id = 1').run(change % 2);
    expect(db.prepare('SELECT COUNT(*) FROM triage_changes').pluck().get()).toBe(512);
  });
});
