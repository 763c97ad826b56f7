import { describe, expect, it } from 'vitest';
import type { WorkOrderPage } from '../../../src-shared/ipc/channels';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest, untilPulls } from './support';

/** Seeded saved locations: half the demo orders use one of 701–708. */
const STORE = 701;
const OTHER = 702;

type Order = WorkOrderPage['results'][number];
const savedIdOf = (order: Order) => order.location?.saved_location?.id ?? (order.location?.mode === 'saved' ? order.location.id : undefined);

describe('workorders:list by saved location', () => {
  it("answers the cached orders that use a saved location, follows an order's queued move to another, and refuses a bad id", async () => {
    const harness = appUnderTest({ secretStore: new MemorySecretStore() });
    const { call, invoke } = harness;
    await call('session:sign-in', {});
    await untilPulls(harness.progress);

    // The whole cache, read page by page: what the filter must agree with.
    const all: Order[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await call<WorkOrderPage>('workorders:list', { per_page: 100, page });
      all.push(...answer.results);
      if (page >= answer.pages) break;
    }
    const expected = all.filter((order) => savedIdOf(order) === STORE).map((order) => order.id);
    expect(expected.length).toBeGreaterThan(0);

    const used = await call<WorkOrderPage>('workorders:list', { savedLocationId: STORE, per_page: 100, sort: 'id' });
    expect(used.results.map((order) => order.id)).toEqual(expected.sort((a, b) => a - b));
    expect(used.total).toBe(expected.length);
    // Filters combine with the rest of the list's query, and the count needs no page of rows.
    const counted = await call<WorkOrderPage>('workorders:list', { savedLocationId: STORE, per_page: 1 });
    expect(counted.total).toBe(expected.length);
    expect(await call<WorkOrderPage>('workorders:list', { savedLocationId: 999_999 })).toMatchObject({ results: [], total: 0 });

    // An order moved to another saved location moves at once, while the change waits in the outbox.
    const moved = used.results[0] as Order;
    const otherBefore = (await call<WorkOrderPage>('workorders:list', { savedLocationId: OTHER, per_page: 1 })).total;
    await call('workorders:update', { id: moved.id, changes: { location: { mode: 'saved', id: OTHER } } });
    const storeAfter = await call<WorkOrderPage>('workorders:list', { savedLocationId: STORE, per_page: 100 });
    expect(storeAfter.results.map((order) => order.id)).not.toContain(moved.id);
    expect(storeAfter.total).toBe(expected.length - 1);
    const otherAfter = await call<WorkOrderPage>('workorders:list', { savedLocationId: OTHER, per_page: 100 });
    expect(otherAfter.total).toBe(otherBefore + 1);
    expect(otherAfter.results.map((order) => order.id)).toContain(moved.id);

    for (const savedLocationId of [1.5, '701', null]) {
      expect(await invoke('workorders:list', { savedLocationId })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    }
  });
});
