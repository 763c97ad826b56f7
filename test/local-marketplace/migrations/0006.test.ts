import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0006, the buyer's records: expenses, problems and talent pool attributes on top of
// 0005, and the rules the database itself keeps (statuses, positive amounts, unique attribute
// names per membership, cascades).

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

function withRecords(db: Database.Database): void {
  db.exec(`
    INSERT INTO companies (id, name) VALUES (1, 'A');
    INSERT INTO users (id, company_id, role, first_name, last_name) VALUES (10, 1, 'manager', 'M', 'Anager'), (20, NULL, 'provider', 'P', 'Rovider');
    INSERT INTO work_orders (id, company_id, title, status_id, created_at, updated_at, data) VALUES (100, 1, 't', 3, 0, 0, '{}');
    INSERT INTO expense_categories (id, company_id, data) VALUES (951, 1, '{}');
    INSERT INTO talent_pool_groups (id, company_id, name) VALUES (801, 1, 'G');
    INSERT INTO talent_pools (id, group_id, name) VALUES (811, 801, 'P');
    INSERT INTO talent_pool_members (pool_id, provider_id) VALUES (811, 20);
  `);
}

const insertExpense = (db: Database.Database) =>
  db.prepare('INSERT INTO work_order_expenses (work_order_id, author_id, description, quantity, unit_amount, category_id, company_expense_id, status, added_at) VALUES (100, 20, ?, ?, ?, 7, ?, ?, 0)');
const insertAttribute = (db: Database.Database) =>
  db.prepare('INSERT INTO talent_pool_attributes (id, pool_id, provider_id, name, value, created_at, updated_at) VALUES (?, 811, 20, ?, ?, 0, 0)');

describe('migration 0006: buyer records', () => {
  it('adds its three tables on top of 0005, keeping what was there', () => {
    const db = databaseAt(5);
    withRecords(db);
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 6));
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(['work_order_expenses', 'work_order_problems', 'talent_pool_attributes']));
    expect(db.prepare('SELECT id FROM work_orders').all()).toEqual([{ id: 100 }]);
  });

  it('keeps expense statuses known and amounts positive', () => {
    const db = databaseAt(6);
    withRecords(db);
    const insert = insertExpense(db);
    insert.run('ok', 1, 5, null, 'new');
    insert.run('custom', 2, 0.5, 951, 'approved');
    expect(() => insert.run('bad status', 1, 5, null, 'paid')).toThrow(/CHECK/);
    expect(() => insert.run('no quantity', 0, 5, null, 'new')).toThrow(/CHECK/);
    expect(() => insert.run('free', 1, 0, null, 'new')).toThrow(/CHECK/);
    expect(() => insert.run('unknown custom', 1, 5, 999, 'new')).toThrow(/FOREIGN KEY/);
    // A custom expense removed later leaves its expenses under their category.
    db.prepare('DELETE FROM expense_categories WHERE id = 951').run();
    expect(db.prepare("SELECT company_expense_id FROM work_order_expenses WHERE description = 'custom'").get()).toEqual({ company_expense_id: null });
  });

  it('keeps attribute names unique per provider in a pool, on members only, gone with the membership', () => {
    const db = databaseAt(6);
    withRecords(db);
    const insert = insertAttribute(db);
    insert.run('00000000-0000-4000-8000-000000000001', 'Badge', '1');
    expect(() => insert.run('00000000-0000-4000-8000-000000000002', 'Badge', '2')).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO talent_pool_attributes (id, pool_id, provider_id, name, value, created_at, updated_at) VALUES ('x', 811, 10, 'n', 'v', 0, 0)").run()).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM talent_pool_members WHERE pool_id = 811 AND provider_id = 20').run();
    expect(db.prepare('SELECT COUNT(*) AS count FROM talent_pool_attributes').get()).toEqual({ count: 0 });
  });

  it('removes expenses and problems with their work order', () => {
    const db = databaseAt(6);
    withRecords(db);
    insertExpense(db).run('ok', 1, 5, null, 'new');
    db.prepare('INSERT INTO work_order_problems (work_order_id, type_id, author_id, created_at) VALUES (100, 22, 10, 0)').run();
    expect(db.prepare('SELECT resolved_at, comments FROM work_order_problems').get()).toEqual({ resolved_at: null, comments: '' });
    db.prepare('DELETE FROM work_orders WHERE id = 100').run();
    expect(db.prepare('SELECT (SELECT COUNT(*) FROM work_order_expenses) + (SELECT COUNT(*) FROM work_order_problems) AS count').get()).toEqual({ count: 0 });
  });
});
