import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0003: work order pull state', () => {
  it('keeps the orders cached before it, without state, and drops an order\'s state with it', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 2);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install kiosk', 0, 0)").run();
    expect(migrateTo(db, 3)).toBe(3);
    expect(db.prepare('SELECT COUNT(*) FROM work_order_pull_state').pluck().get()).toBe(0);
    db.prepare("INSERT INTO work_order_pull_state (id, list_fingerprint, complete) VALUES (42, 'abc', 1)").run();
    expect(() => db.prepare("INSERT INTO work_order_pull_state (id, list_fingerprint) VALUES (7, 'abc')").run()).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM work_orders WHERE id = 42').run();
    expect(db.prepare('SELECT COUNT(*) FROM work_order_pull_state').pluck().get()).toBe(0);
  });
});
