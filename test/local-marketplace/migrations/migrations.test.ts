import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// One test per numbered migration: each applies on top of the ones before it and leaves what it
// promises; the whole chain is idempotent.

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

const tables = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
const indexes = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((row) => row.name);

describe('marketplace migrations', () => {
  it('are numbered 1, 2, … without gaps', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_migration, index) => index + 1));
  });

  it('0001 creates the tables every resource is stored in', () => {
    const db = databaseAt(1);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(tables(db)).toEqual(
      expect.arrayContaining(['meta', 'companies', 'users', 'api_clients', 'tokens', 'clients', 'projects', 'locations', 'tags', 'expense_categories', 'talent_pool_groups', 'talent_pools', 'talent_pool_members', 'work_orders', 'work_order_routes', 'scheduled_jobs']),
    );
    // integration.id is unique per company (decisions §8), enforced by the database itself.
    db.prepare("INSERT INTO companies (id, name) VALUES (1, 'A'), (2, 'B')").run();
    const insert = db.prepare("INSERT INTO work_orders (company_id, title, status_id, created_at, updated_at, integration_id, data) VALUES (?, 't', 1, 0, 0, ?, '{}')");
    insert.run(1, 'ext-1');
    insert.run(2, 'ext-1');
    expect(() => insert.run(1, 'ext-1')).toThrow(/UNIQUE/);
  });

  it('0002 adds the sort indexes of GET workorders on top of 0001, keeping its rows', () => {
    const db = databaseAt(1);
    db.prepare("INSERT INTO companies (id, name) VALUES (1, 'A')").run();
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 2));
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(indexes(db)).toEqual(expect.arrayContaining(['work_orders_company', 'work_orders_title', 'work_orders_pay']));
    expect(db.prepare('SELECT name FROM companies').all()).toEqual([{ name: 'A' }]);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM work_orders WHERE company_id = 1 ORDER BY title COLLATE NOCASE LIMIT 25").all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain('work_orders_title');
  });

  it('0003 adds background workers, whose status is one of in_progress, done, failed', () => {
    const db = databaseAt(3);
    const insert = db.prepare("INSERT INTO async_workers (company_id, user_id, type, status, request, payload, created_at) VALUES (1, 1, 'ASYNC', ?, 'GET /', '{}', 0)");
    insert.run('in_progress');
    expect(() => insert.run('sleeping')).toThrow(/CHECK/);
    expect(db.prepare('SELECT response FROM async_workers').get()).toEqual({ response: '{}' });
  });

  it('run again, change nothing', () => {
    const db = databaseAt(MIGRATIONS.length);
    const before = [...tables(db), ...indexes(db)];
    expect(migrate(db)).toBe(MIGRATIONS.length);
    expect([...tables(db), ...indexes(db)]).toEqual(before);
  });
});
