import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0006: the outbox', () => {
  it('keeps what was cached before it, starts empty, and refuses entries in no known state or temporary ids that are not negative', () => {
    const db = new Database(':memory:');
    migrateTo(db, 5);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install kiosk', 0, 0)").run();
    expect(migrateTo(db, 6)).toBe(6);
    expect(db.prepare('SELECT COUNT(*) FROM work_orders').pluck().get()).toBe(1);
    expect(db.prepare('SELECT COUNT(*) FROM outbox_entries').pluck().get()).toBe(0);
    const insert = db.prepare("INSERT INTO outbox_entries (id, kind, lane, input, state, created_at, updated_at) VALUES (?, 'workorders:publish', 'wo:42', '{}', ?, 0, 0)");
    insert.run('a', 'queued');
    expect(() => insert.run('b', 'applied')).toThrow(/CHECK/);
    expect(() => insert.run('a', 'queued')).toThrow(/UNIQUE/);
    expect(() => db.prepare('INSERT INTO outbox_ids (temp, real) VALUES (5, 6)').run()).toThrow(/CHECK/);
  });
});
