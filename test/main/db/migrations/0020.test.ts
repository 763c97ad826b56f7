import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

describe('migration 0020: when each kind of work order pull last finished', () => {
  it('starts empty on a cache that was filled before it, so its next pull lists every order', () => {
    const db = new Database(':memory:');
    migrateTo(db, 19);
    db.prepare('INSERT INTO work_orders (id, title, status_id, updated_at, cached_at) VALUES (1, ?, 2, 0, 0)').run('Cached before');
    expect(migrateTo(db, 20)).toBe(20);
    expect(db.prepare('SELECT COUNT(*) FROM work_order_pull_runs').pluck().get()).toBe(0);
    db.prepare("INSERT INTO work_order_pull_runs (scope, finished_at) VALUES ('all', 5)").run();
    expect(() => db.prepare("INSERT INTO work_order_pull_runs (scope, finished_at) VALUES ('some', 5)").run()).toThrow(/CHECK/);
    expect(() => db.prepare("INSERT INTO work_order_pull_runs (scope, finished_at) VALUES ('all', 6)").run()).toThrow(/UNIQUE|PRIMARY/);
  });
});
