import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src-main/api-client/api-error';
import { serializeWorkOrder } from '../../../src-main/db/work-order-writes';
import { WorkOrderPartsRepository } from '../../../src-main/db/work-order-parts-repository';
import { refreshWorkOrder } from '../../../src-main/sync/work-order-refresh';
import { syncUnderTest } from './support';

const GONE = 987_654;

describe('refreshWorkOrder', () => {
  it('removes an order the service answers 404 for, but keeps one an outbox change waits for', async () => {
    const { db, client, deps, workOrders } = await syncUnderTest();
    const missing = { get: async () => Promise.reject(new ApiError('API_NOT_FOUND')), milestones: async () => Promise.reject(new ApiError('API_NOT_FOUND')) };
    const parts = { parts: client.parts, repository: new WorkOrderPartsRepository(db), now: Date.now };
    const signal = new AbortController().signal;
    deps.cache.store([{ ...serializeWorkOrder({ id: GONE, title: 'Deleted elsewhere' }), fingerprint: 'x', complete: false }]);

    db.prepare('UPDATE work_orders SET pending = 1 WHERE id = ?').run(GONE);
    expect(await refreshWorkOrder(GONE, { workOrders: missing, cache: deps.cache, parts }, signal)).toBe('pending');
    expect(workOrders.get(GONE)?.title).toBe('Deleted elsewhere');

    db.prepare('UPDATE work_orders SET pending = 0 WHERE id = ?').run(GONE);
    expect(await refreshWorkOrder(GONE, { workOrders: missing, cache: deps.cache, parts }, signal)).toBe('gone');
    expect(workOrders.get(GONE)).toBeUndefined();
    expect(workOrders.list({ f_search: 'Deleted elsewhere' }).total).toBe(0);
  });

  it('does not overwrite an order an outbox change waits for', async () => {
    const { db, client, deps, workOrders } = await syncUnderTest();
    const order = await client.workOrders.get(10_001);
    deps.cache.store([{ ...serializeWorkOrder({ ...order, title: 'Edited offline' }), fingerprint: 'x', complete: false }]);
    db.prepare('UPDATE work_orders SET pending = 1 WHERE id = ?').run(order.id);
    const parts = { parts: client.parts, repository: new WorkOrderPartsRepository(db), now: Date.now };
    expect(await refreshWorkOrder(order.id, { workOrders: client.workOrders, cache: deps.cache, parts }, new AbortController().signal)).toBe('pending');
    expect(workOrders.get(order.id)?.title).toBe('Edited offline');
  });

  it('keeps the milestones with the order, so the timeline has its dates offline', async () => {
    const { db, client, deps, workOrders } = await syncUnderTest();
    const parts = { parts: client.parts, repository: new WorkOrderPartsRepository(db), now: Date.now };
    // Seeded work done: created, published, assigned and work done each have a date.
    expect(await refreshWorkOrder(10_027, { workOrders: client.workOrders, cache: deps.cache, parts }, new AbortController().signal)).toBe('stored');
    const stored = workOrders.get(10_027) as { milestones?: Record<string, { utc?: string } | null> };
    for (const step of ['created', 'assigned', 'workdone']) expect(stored.milestones?.[step]?.utc, step).toEqual(expect.any(String));
    expect(stored.milestones?.approved ?? null).toBeNull();
  });
});
