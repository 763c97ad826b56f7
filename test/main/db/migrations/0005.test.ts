import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0005: deferred indexes', () => {
  it('keeps what was cached before it and starts with no index waiting', () => {
    const db = new Database(':memory:');
    migrateTo(db, 4);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install kiosk', 0, 0)").run();
    expect(migrateTo(db, 5)).toBe(5);
    expect(db.prepare('SELECT COUNT(*) FROM work_orders').pluck().get()).toBe(1);
    expect(db.prepare('SELECT COUNT(*) FROM deferred_indexes').pluck().get()).toBe(0);
    db.prepare("INSERT INTO deferred_indexes (name, sql) VALUES ('a', 'CREATE INDEX a ON work_orders(title)')").run();
    expect(() => db.prepare("INSERT INTO deferred_indexes (name, sql) VALUES ('a', 'again')").run()).toThrow(/UNIQUE|PRIMARY KEY/);
  });
});
