import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { InboxRepository } from '../../../src-main/db/inbox-repository';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { temporaryDir } from '../../support/temporary-dir';
import { generatedWorkOrders } from './work-order-fixtures';

const indexesOf = (db: CacheDatabase) =>
  db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'work_orders' AND sql IS NOT NULL ORDER BY name").all();

const plan = (db: CacheDatabase, sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join('; ');

describe('a bulk load into an empty cache', () => {
  it('builds the same indexes again at the end, and lists and search stay right meanwhile', async () => {
    // A file, so the write-ahead log (whose checkpoints the load suspends) is real.
    const db = openCache(join(temporaryDir(), 'bulk.db'));
    const repository = new WorkOrderRepository(db);
    const indexes = indexesOf(db);
    expect(indexes.length).toBeGreaterThan(5);

    expect(repository.beginBulkLoad()).toBe(true);
    expect(indexesOf(db)).toEqual([]);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const orders = generatedWorkOrders(300, 11);
    repository.upsertMany(orders.slice(0, 150));
    repository.upsertMany(orders.slice(150));
    const city = orders[4]?.location?.city ?? '';
    const duringLoad = repository.list({ f_city: city, sort: 'schedule' });
    expect(duringLoad.total).toBe(orders.filter((order) => order.location?.city === city).length);
    expect(repository.list({ f_search: orders[9]?.title ?? '' }).results.map((order) => order.id)).toContain(orders[9]?.id);
    // The counting triggers wait too; the counts come from the orders meanwhile, and after, from the kept table.
    const triggers = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'work_orders'").pluck();
    expect(triggers.all()).toEqual([]);
    const assigned = orders.filter((order) => order.status?.name === 'Assigned').length;
    expect(repository.counts().workorders_all).toBe(300);
    expect(repository.counts().workorders_assigned).toBe(assigned);

    const triageVersion = db.prepare('SELECT version FROM triage_version').pluck();
    const versionDuringLoad = triageVersion.get() as number;
    repository.endBulkLoad();
    expect(indexesOf(db)).toEqual(indexes);
    // The lists' counts' three, the triage version's three, the triage changes' three and the filter
    // changes' three (migrations 0019, 0027, 0029, 0030); the version moved once for the load, and
    // the columns kept in memory were told every order changed.
    expect(triggers.all()).toHaveLength(12);
    expect(triageVersion.get()).toBe(versionDuringLoad + 1);
    expect(db.prepare('SELECT id FROM filter_changes ORDER BY seq DESC LIMIT 1').pluck().all()).toEqual([null]);
    expect(db.prepare('SELECT SUM(orders) FROM work_order_counts').pluck().get()).toBe(300);
    expect(plan(db, `SELECT id FROM work_orders WHERE city = 'x'`)).toMatch(/USING (COVERING )?INDEX work_orders_city/);
    expect(repository.list({ f_city: city, sort: 'schedule' })).toEqual(duringLoad);
    // The load's checkpoint waits for the next turn of the event loop: the pull answers first.
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    // The planner knows the tables' sizes, as the caches the plans are tested over do (large-cache.ts).
    expect(db.prepare("SELECT stat FROM sqlite_stat1 WHERE tbl = 'work_orders' AND idx = 'work_orders_city'").pluck().get()).toMatch(/^300 /);
    repository.upsertMany(generatedWorkOrders(5, 12, 1_000));
    expect(repository.counts().workorders_all).toBe(305);
    db.close();
  });

  it('defers the inbox’s indexes too, and its unread count answers meanwhile (the order list reads it)', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    const before = new InboxRepository(db);
    const inboxIndexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'inbox_items' AND sql IS NOT NULL ORDER BY name").pluck();
    expect(inboxIndexes.all()).toEqual(['inbox_items_newest', 'inbox_items_unread']);
    expect(repository.beginBulkLoad()).toBe(true);
    expect(inboxIndexes.all()).toEqual([]);
    const written = { id: 1, title: 'Install', messages: { results: [{ msg_id: 1, message: 'On my way', created: { utc: new Date().toISOString().slice(0, 19).replace('T', ' ') }, from: { id: 3019, first_name: 'Ana', last_name: 'Ruiz', role: 'provider' } }] } };
    repository.upsertMany([written as never]);
    expect(before.unreadCount()).toBe(1);
    expect(new InboxRepository(db).unreadCount()).toBe(1);
    repository.endBulkLoad();
    expect(inboxIndexes.all()).toEqual(['inbox_items_newest', 'inbox_items_unread']);
  });

  it('is refused, changing nothing, when the cache holds orders', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    repository.upsertMany(generatedWorkOrders(1, 1));
    const indexes = indexesOf(db);
    expect(repository.beginBulkLoad()).toBe(false);
    expect(indexesOf(db)).toEqual(indexes);
  });

  it('gets its indexes back at the next open when the app died during the load', () => {
    const file = join(temporaryDir(), 'crashed.db');
    const db = openCache(file);
    const indexes = indexesOf(db);
    const repository = new WorkOrderRepository(db);
    repository.beginBulkLoad();
    repository.upsertMany(generatedWorkOrders(50, 3));
    db.close();

    const reopened = openCache(file);
    expect(indexesOf(reopened)).toEqual(indexes);
    expect(reopened.prepare('SELECT COUNT(*) FROM deferred_indexes').pluck().get()).toBe(0);
    expect(new WorkOrderRepository(reopened).counts().workorders_all).toBe(50);
    reopened.close();
  });
});
