import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0024: the outbox entries’ steps, for an order’s history', () => {
  it('keeps the outbox it finds, starts empty, refuses an unknown step, and reads one order’s steps by its index', () => {
    const db = new Database(':memory:');
    migrateTo(db, 23);
    db.prepare("INSERT INTO outbox_entries (id, kind, lane, work_order_id, input, state, created_at, updated_at) VALUES ('a', 'workorders:publish', 'wo:42', 42, '{}', 'queued', 0, 0)").run();
    expect(migrateTo(db, 24)).toBe(24);
    expect(db.prepare('SELECT COUNT(*) FROM outbox_entries').pluck().get()).toBe(1);
    expect(db.prepare('SELECT COUNT(*) FROM outbox_events').pluck().get()).toBe(0);
    const insert = db.prepare("INSERT INTO outbox_events (entry_id, kind, work_order_id, step, at, summary) VALUES ('a', 'workorders:publish', 42, ?, 1, 'Publish #42')");
    insert.run('queued');
    insert.run('undone');
    expect(() => insert.run('lost')).toThrow(/CHECK/);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT * FROM outbox_events WHERE work_order_id = 42 ORDER BY id DESC').all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX outbox_events_work_order/);
  });
});
