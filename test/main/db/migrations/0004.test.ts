import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

const count = (db: Database.Database, table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();

describe('migration 0004: directory and work order parts', () => {
  it('keeps what was cached before it, and drops members with their pool and pools with their group', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 3);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install kiosk', 0, 0)").run();
    db.prepare("INSERT INTO talent_pool_attributes (pool_id, provider_id, id, json, fetched_at) VALUES (811, 3001, 'a', '{}', 0)").run();
    expect(migrateTo(db, 4)).toBe(4);
    expect(count(db, 'work_orders')).toBe(1);
    expect(count(db, 'talent_pool_attributes')).toBe(1);

    db.prepare("INSERT INTO talent_pool_groups (id, name, json, fetched_at) VALUES (801, 'Chicagoland', '{}', 0)").run();
    db.prepare("INSERT INTO talent_pools (id, group_id, name, json, fetched_at) VALUES (811, 801, 'POS', '{}', 0)").run();
    db.prepare('INSERT INTO talent_pool_members (pool_id, provider_id) VALUES (811, 3001)').run();
    expect(() => db.prepare('INSERT INTO talent_pool_members (pool_id, provider_id) VALUES (999, 3001)').run()).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM talent_pool_groups WHERE id = 801').run();
    expect(count(db, 'talent_pools')).toBe(0);
    expect(count(db, 'talent_pool_members')).toBe(0);
  });

  it('drops the parts state of an order with the order', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrateTo(db, 4);
    db.prepare("INSERT INTO work_orders (id, title, updated_at, cached_at) VALUES (42, 'Install kiosk', 0, 0)").run();
    db.prepare('INSERT INTO work_order_parts_state (id, fetched_at) VALUES (42, 1)').run();
    expect(() => db.prepare('INSERT INTO work_order_parts_state (id, fetched_at) VALUES (7, 1)').run()).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM work_orders WHERE id = 42').run();
    expect(count(db, 'work_order_parts_state')).toBe(0);
  });
});
