import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0004, the provider side: its tables on top of 0003, and the rules the database
// itself keeps (states, directions, one open time log per order, cascades).

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

function withOrder(db: Database.Database): void {
  db.exec(`
    INSERT INTO companies (id, name) VALUES (1, 'A');
    INSERT INTO users (id, company_id, role, first_name, last_name) VALUES (10, 1, 'manager', 'M', 'Anager'), (20, NULL, 'provider', 'P', 'Rovider');
    INSERT INTO work_orders (id, company_id, title, status_id, created_at, updated_at, data) VALUES (100, 1, 't', 3, 0, 0, '{}');
  `);
}

describe('migration 0004: provider side', () => {
  it('adds its five tables on top of 0003, keeping what was there', () => {
    const db = databaseAt(3);
    withOrder(db);
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 4));
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name);
    expect(tables).toEqual(expect.arrayContaining(['provider_requests', 'swap_requests', 'work_order_messages', 'time_logs', 'shipments']));
    expect(db.prepare('SELECT id FROM work_orders').all()).toEqual([{ id: 100 }]);
  });

  it('keeps states and directions to their known values', () => {
    const db = databaseAt(4);
    withOrder(db);
    const request = db.prepare("INSERT INTO provider_requests (work_order_id, provider_id, state, created_at, expires_at, data) VALUES (100, 20, ?, 0, 1, '{}')");
    request.run('open');
    expect(() => request.run('maybe')).toThrow(/CHECK/);
    const swap = db.prepare('INSERT INTO swap_requests (id, work_order_id, from_provider_id, to_provider_id, state, created_at) VALUES (?, 100, 20, 20, ?, 0)');
    swap.run('swap-100-1', 'pending');
    expect(() => swap.run('swap-100-2', 'later')).toThrow(/CHECK/);
    const shipment = db.prepare("INSERT INTO shipments (work_order_id, author_id, name, carrier, tracking_number, direction, status, created_at, updated_at) VALUES (100, 20, 'n', 'ups', '1Z', ?, ?, 0, 0)");
    shipment.run('to site', 'en route');
    expect(() => shipment.run('sideways', 'new')).toThrow(/CHECK/);
    expect(() => shipment.run('to site', 'lost')).toThrow(/CHECK/);
  });

  it('allows one open time log per order, and no log that ends before it starts', () => {
    const db = databaseAt(4);
    withOrder(db);
    const log = db.prepare('INSERT INTO time_logs (work_order_id, provider_id, in_at, out_at) VALUES (100, 20, ?, ?)');
    log.run(1000, null);
    expect(() => log.run(2000, null)).toThrow(/UNIQUE/);
    log.run(0, 500);
    expect(() => log.run(500, 0)).toThrow(/CHECK/);
  });

  it('removes an order’s provider records with the order, and a thread’s replies with it', () => {
    const db = databaseAt(4);
    withOrder(db);
    db.exec(`
      INSERT INTO provider_requests (work_order_id, provider_id, created_at, expires_at, data) VALUES (100, 20, 0, 1, '{}');
      INSERT INTO work_order_messages (id, work_order_id, author_id, body, created_at) VALUES (1, 100, 10, 'hello', 0);
      INSERT INTO work_order_messages (id, work_order_id, parent_id, author_id, body, created_at) VALUES (2, 100, 1, 20, 'hi', 0);
      INSERT INTO time_logs (work_order_id, provider_id, in_at) VALUES (100, 20, 0);
    `);
    db.prepare('DELETE FROM work_order_messages WHERE id = 1').run();
    expect(db.prepare('SELECT COUNT(*) AS count FROM work_order_messages').get()).toEqual({ count: 0 });
    db.prepare('DELETE FROM work_orders WHERE id = 100').run();
    for (const table of ['provider_requests', 'time_logs']) expect(db.prepare(`SELECT COUNT(*) AS count FROM ${table}`).get()).toEqual({ count: 0 });
  });
});
