import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listCachedManagers } from '../../../../src-main/db/managers';
import { migrateTo } from './support';

describe('migration 0018: the newest order by manager', () => {
  it('replaces the manager index with one that carries the last change, and drops a deferred copy of the old one', () => {
    const db = new Database(':memory:');
    migrateTo(db, 17);
    db.prepare("INSERT INTO deferred_indexes (name, sql) VALUES ('work_orders_manager', 'CREATE INDEX work_orders_manager ON work_orders(manager_id)')").run();
    expect(migrateTo(db, 18)).toBe(18);
    const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'work_orders_manager%'").pluck().all();
    expect(indexes).toEqual(['work_orders_manager_updated']);
    expect(db.prepare('SELECT COUNT(*) FROM deferred_indexes').pluck().get()).toBe(0);
  });

  it('names each manager from their newest order, one seek each', () => {
    const db = new Database(':memory:');
    migrateTo(db, 18);
    const order = db.prepare('INSERT INTO work_orders (id, title, manager_id, updated_at, cached_at) VALUES (?, ?, ?, ?, 0)');
    const document = db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)');
    const named = (id: number, manager: number | null, updated: number, first: string) => {
      order.run(id, `Order ${id}`, manager, updated);
      document.run(id, JSON.stringify({ id, manager: manager === null ? null : { id: manager, first_name: first, last_name: 'Lee' } }));
    };
    named(1, 500, 10, 'Pat');
    named(2, 500, 30, 'Patricia');
    named(3, 501, 20, 'Sam');
    named(4, null, 40, '');
    named(5, 502, 5, '');
    expect(listCachedManagers(db)).toEqual([
      { id: 502, name: 'Lee' },
      { id: 500, name: 'Patricia Lee' },
      { id: 501, name: 'Sam Lee' },
    ]);
    const plan = (db.prepare('EXPLAIN QUERY PLAN SELECT w.id FROM work_orders w WHERE w.manager_id = 500 ORDER BY w.updated_at DESC, w.id DESC LIMIT 1').all() as { detail: string }[]).map((step) => step.detail).join(' | ');
    expect(plan).toBe('SEARCH w USING COVERING INDEX work_orders_manager_updated (manager_id=?)');
  });
});
