import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateTo } from './support';

const matches = (db: Database.Database, expression: string) => db.prepare('SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH ? ORDER BY rowid').pluck().all(expression);

describe('migration 0002: work order search', () => {
  it('indexes the orders cached before it, keeping their rows', () => {
    const db = new Database(':memory:');
    migrateTo(db, 1);
    const order = { id: 42, title: 'Install kiosk', description: { html: '<p>Front desk</p>' }, location: { address1: '1 Main St' }, integration: { id: 'EXT-9' } };
    db.prepare("INSERT INTO work_orders (id, title, city, state, zip, client_name, updated_at, cached_at) VALUES (42, 'Install kiosk', 'Austin', 'TX', '78701', 'Acme', 0, 0)").run();
    db.prepare('INSERT INTO work_order_documents (id, json) VALUES (42, ?)').run(JSON.stringify(order));
    expect(migrateTo(db, 2)).toBe(2);
    expect(db.prepare('SELECT COUNT(*) FROM work_orders').pluck().get()).toBe(1);
    for (const expression of ['kiosk', 'desk', 'main', 'austin', '78701', 'acme', '42', '"ext-9"']) expect(matches(db, expression)).toEqual([42]);
  });

  it('replaces an order\'s row by rowid, so an order has one', () => {
    const db = new Database(':memory:');
    migrateTo(db, 2);
    db.prepare("INSERT INTO work_orders_search (rowid, title) VALUES (1, 'old title')").run();
    db.prepare('DELETE FROM work_orders_search WHERE rowid = 1').run();
    db.prepare("INSERT INTO work_orders_search (rowid, title) VALUES (1, 'new title')").run();
    expect(matches(db, 'old')).toEqual([]);
    expect(matches(db, 'new')).toEqual([1]);
    expect(matches(db, 'ti*')).toEqual([1]);
  });
});
