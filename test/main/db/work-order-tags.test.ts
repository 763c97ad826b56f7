import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { openCache } from '../../../src-main/db/database';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';

// The cache's tags: each write of an order replaces its applied tags and their labels in search;
// `tag` filters the list; removing an order removes its tags.

const tagged = (id: number, title: string, tags: { id: number; label: string }[] | undefined): WorkOrder =>
  ({ id, title, status: { id: 1, name: 'Draft' }, ...(tags ? { tags: { metadata: { total: tags.length }, results: tags } } : {}) }) as WorkOrder;

const ids = (orders: readonly WorkOrder[]) => orders.map((order) => order.id);

describe('work order tags in the cache', () => {
  it('filters by tag and finds tag labels, following each rewrite of the order', () => {
    const repository = new WorkOrderRepository(openCache(':memory:'));
    repository.upsertMany([
      tagged(1, 'Rack install', [{ id: 901, label: 'Priority' }]),
      tagged(2, 'Printer swap', [{ id: 901, label: 'Priority' }, { id: 905, label: 'After hours' }]),
      tagged(3, 'Cable run', undefined),
    ]);
    expect(ids(repository.list({ tag: 901 }).results)).toEqual([1, 2]);
    expect(ids(repository.list({ tag: 905 }).results)).toEqual([2]);
    expect(ids(repository.list({ f_search: 'after hours' }).results)).toEqual([2]);
    expect(ids(repository.list({ tag: 901, f_search: 'printer' }).results)).toEqual([2]);

    // The marketplace's next answer no longer has the tag: neither the filter nor search finds it.
    repository.upsertMany([tagged(2, 'Printer swap', [{ id: 903, label: 'Revisit' }])]);
    expect(ids(repository.list({ tag: 901 }).results)).toEqual([1]);
    expect(repository.list({ f_search: 'after hours' }).total).toBe(0);
    expect(ids(repository.list({ tag: 903 }).results)).toEqual([2]);
    // A tag id repeated in one answer is one application.
    repository.upsertMany([tagged(3, 'Cable run', [{ id: 902, label: 'Needs parts' }, { id: 902, label: 'Needs parts' }])]);
    expect(repository.list({ tag: 902 }).total).toBe(1);
  });

  it('removes an order’s tags with the order', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    repository.upsertMany([tagged(-4, 'Offline draft', [{ id: 901, label: 'Priority' }])]);
    repository.remove(-4);
    expect(db.prepare('SELECT COUNT(*) FROM work_order_tags').pluck().get()).toBe(0);
    expect(repository.list({ tag: 901 }).total).toBe(0);
  });
});
