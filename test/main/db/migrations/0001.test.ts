import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../../src-main/db/migrations/index';

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

const names = (db: Database.Database, type: string) => (db.prepare('SELECT name FROM sqlite_master WHERE type = ?').all(type) as { name: string }[]).map((row) => row.name);

describe('migration 0001: initial', () => {
  it('creates every cached resource', () => {
    const db = databaseAt(1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(names(db, 'table')).toEqual(
      expect.arrayContaining(['work_orders', 'reference_data', 'saved_locations', 'clients', 'projects', 'providers', 'talent_pool_attributes', 'attachments', 'expenses', 'requests']),
    );
  });

  it('gives work orders defaults for pending and problems, and indexes what lists filter and sort on', () => {
    const db = databaseAt(1);
    db.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (1, 0, 0)').run();
    expect(db.prepare('SELECT pending, open_problems, status_id FROM work_orders').get()).toEqual({ pending: 0, open_problems: 0, status_id: null });
    expect(() => db.prepare('UPDATE work_orders SET pending = 2').run()).toThrow(/CHECK/);
    expect(names(db, 'index')).toEqual(expect.arrayContaining(['work_orders_status', 'work_orders_schedule', 'work_orders_title', 'work_orders_pay', 'work_orders_updated', 'work_orders_place', 'work_orders_client']));
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM work_orders WHERE city = 'austin' AND state = 'tx'").all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('work_orders_place');
  });

  it('removes what belongs to an order with the order', () => {
    const db = databaseAt(1);
    db.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (7, 0, 0)').run();
    db.prepare("INSERT INTO work_order_documents (id, json) VALUES (7, '{}')").run();
    db.prepare("INSERT INTO attachments (id, work_order_id, name, size, json, fetched_at) VALUES (1, 7, 'a.pdf', 3, '{}', 0)").run();
    db.prepare("INSERT INTO expenses (id, work_order_id, json, fetched_at) VALUES (1, 7, '{}', 0)").run();
    db.prepare("INSERT INTO requests (id, work_order_id, json, fetched_at) VALUES (1, 7, '{}', 0)").run();
    expect(() => db.prepare("INSERT INTO attachments (id, work_order_id, json, fetched_at) VALUES (2, 99, '{}', 0)").run()).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("INSERT INTO attachments (id, work_order_id, size, json, fetched_at) VALUES (3, 7, -1, '{}', 0)").run()).toThrow(/CHECK/);
    db.prepare('DELETE FROM work_orders WHERE id = 7').run();
    for (const table of ['work_order_documents', 'attachments', 'expenses', 'requests']) expect(db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get()).toBe(0);
  });
});
