import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listQuery, UNREAD_COUNT_SQL } from '../../../../src-main/db/inbox-repository';
import { migrateTo } from './support';

describe('migration 0026: the inbox’s items', () => {
  it('keeps one row per order and step, goes with its order, reads newest and unread by index, and marks a cache with orders for a backfill', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 25);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install', 0, 0)").run();
    expect(migrateTo(db, 26)).toBe(26);
    expect(db.prepare('SELECT backfilled FROM inbox_state').pluck().get()).toBe(0);
    const insert = db.prepare("INSERT INTO inbox_items (work_order_id, source, kind, at, who, what) VALUES (42, ?, 'message', 1, 'Ana', 'wrote “hi”')");
    insert.run('message-1');
    expect(() => insert.run('message-1')).toThrow(/UNIQUE/);
    // The plans of the statements the repository runs: its page (newest first, and unread only, from the top and after a cursor) and its count.
    const plan = ({ sql, parameters }: { sql: string; parameters: Record<string, unknown> }) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ ...parameters, limit: 11 }) as { detail: string }[]).map((row) => row.detail).join('\n');
    const cursor = { at: 1, id: 1 };
    for (const before of [undefined, cursor]) {
      const newest = plan(listQuery({}, before));
      expect(newest).toMatch(/ i USING INDEX inbox_items_newest/);
      expect(newest).not.toMatch(/TEMP B-TREE/);
      const unread = plan(listQuery({ unreadOnly: true }, before));
      expect(unread).toMatch(/ i USING INDEX inbox_items_unread/);
      expect(unread).not.toMatch(/TEMP B-TREE/);
    }
    expect(plan({ sql: UNREAD_COUNT_SQL, parameters: {} })).toMatch(/INDEX inbox_items_unread/);
    db.prepare('DELETE FROM work_orders WHERE id = 42').run();
    expect(db.prepare('SELECT COUNT(*) FROM inbox_items').pluck().get()).toBe(0);
  });

  it('needs no backfill in an empty cache', () => {
    const db = new Database(':memory:');
    expect(migrateTo(db, 26)).toBe(26);
    expect(db.prepare('SELECT backfilled FROM inbox_state').pluck().get()).toBe(1);
  });
});
