import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0009: company tags applied to work orders.

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

function withOrderAndTags(db: Database.Database): void {
  db.exec(`
    INSERT INTO companies (id, name) VALUES (1, 'A');
    INSERT INTO tags (id, company_id, data) VALUES (901, 1, '{}'), (902, 1, '{}');
    INSERT INTO work_orders (id, company_id, title, status_id, created_at, updated_at, data) VALUES (10, 1, 't', 1, 0, 0, '{}');
  `);
}

describe('migration 0009: work order tags', () => {
  it('applies on top of 0008, keeping its rows', () => {
    const db = databaseAt(8);
    withOrderAndTags(db);
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 9));
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    expect(db.prepare('SELECT COUNT(*) AS count FROM work_orders').get()).toEqual({ count: 1 });
    expect(db.prepare('SELECT COUNT(*) AS count FROM work_order_tags').get()).toEqual({ count: 0 });
  });

  it('keeps one row per order and tag', () => {
    const db = databaseAt(9);
    withOrderAndTags(db);
    const apply = db.prepare('INSERT INTO work_order_tags (work_order_id, tag_id, applied_at, applied_by) VALUES (?, ?, ?, ?)');
    apply.run(10, 901, 1, 2);
    expect(() => apply.run(10, 901, 2, 2)).toThrow(/UNIQUE|PRIMARY KEY/);
  });

  it('removes the applications of a deleted order or a deleted company tag', () => {
    const db = databaseAt(9);
    withOrderAndTags(db);
    db.exec('INSERT INTO work_order_tags (work_order_id, tag_id, applied_at, applied_by) VALUES (10, 901, 1, 2), (10, 902, 1, 2)');
    db.exec('DELETE FROM tags WHERE id = 902');
    expect(db.prepare('SELECT tag_id FROM work_order_tags').pluck().all()).toEqual([901]);
    db.exec('DELETE FROM work_orders WHERE id = 10');
    expect(db.prepare('SELECT COUNT(*) AS count FROM work_order_tags').get()).toEqual({ count: 0 });
  });
});
