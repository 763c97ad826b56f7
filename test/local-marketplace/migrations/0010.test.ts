import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0010, the marketplace side of dispatch: selection rules per company, and the index a
// provider's profile and auto-dispatch read a provider's orders by.

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

function withCompanyAndOrder(db: Database.Database): void {
  db.exec(`
    INSERT INTO companies (id, name) VALUES (1, 'A'), (2, 'B');
    INSERT INTO users (id, company_id, role, first_name, last_name) VALUES (20, NULL, 'provider', 'P', 'Rovider');
    INSERT INTO work_orders (id, company_id, title, status_id, created_at, updated_at, assignee_id, data) VALUES (10, 1, 't', 3, 0, 0, 20, '{}');
  `);
}

const insertRule = (db: Database.Database) => db.prepare('INSERT INTO selection_rules (company_id, name, criteria) VALUES (?, ?, ?)');

describe('migration 0010: dispatch', () => {
  it('applies on top of 0009, keeping its rows', () => {
    const db = databaseAt(9);
    withCompanyAndOrder(db);
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 10));
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    expect(db.prepare('SELECT id, assignee_id FROM work_orders').all()).toEqual([{ id: 10, assignee_id: 20 }]);
    expect(db.prepare('SELECT COUNT(*) AS count FROM selection_rules').get()).toEqual({ count: 0 });
  });

  it('keeps a rule named, with its criteria a JSON array, on a company that exists', () => {
    const db = databaseAt(10);
    withCompanyAndOrder(db);
    const insert = insertRule(db);
    insert.run(1, 'Nearest', '[{"id":1,"name":"SC_DISTANCE_FROM_WORK_ORDER"}]');
    expect(db.prepare('SELECT criteria FROM selection_rules').pluck().get()).toBe('[{"id":1,"name":"SC_DISTANCE_FROM_WORK_ORDER"}]');
    expect(() => insert.run(1, '  ', '[]')).toThrow(/CHECK/);
    expect(() => insert.run(1, 'Object', '{"id":1}')).toThrow(/CHECK/);
    expect(() => insert.run(1, 'Broken', '[{')).toThrow(/CHECK|malformed/);
    expect(() => insert.run(99, 'Nobody', '[]')).toThrow(/FOREIGN KEY/);
    expect(db.prepare("INSERT INTO selection_rules (company_id, name) VALUES (2, 'Empty') RETURNING criteria").pluck().get()).toBe('[]');
  });

  it("lists a company's rules and a provider's orders by index", () => {
    const db = databaseAt(10);
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail).join(' ');
    expect(plan('SELECT id FROM selection_rules WHERE company_id = 1 ORDER BY id')).toMatch(/selection_rules_company/);
    expect(plan('SELECT id FROM work_orders WHERE assignee_id = 20 AND status_id = 3')).toMatch(/work_orders_assignee/);
  });

  it("goes with its company's removal", () => {
    const db = databaseAt(10);
    withCompanyAndOrder(db);
    insertRule(db).run(2, 'Theirs', '[]');
    db.exec('DELETE FROM companies WHERE id = 2');
    expect(db.prepare('SELECT COUNT(*) AS count FROM selection_rules').get()).toEqual({ count: 0 });
  });
});
