import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LocationOrders, usageText } from '../../src-renderer/state/locations.svelte';
import { orderRequest } from '../../src-renderer/state/palette.svelte';
import { cacheChanges } from '../../src-renderer/state/cache-changes.svelte';
import { api, workOrder, workOrderPage } from './support/fake-api';

// Main faked by the contracts' fake; the router only records where the coordinator was sent.
const screens = vi.hoisted(() => [] as string[]);
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
vi.mock('../../src-renderer/lib/router.svelte', () => ({ router: { go: (screen: string) => screens.push(screen) } }));

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

describe('LocationOrders', () => {
  beforeEach(() => {
    api.reset();
    screens.length = 0;
  });

  it("reads the location's orders through the list's query, again when orders change, and stops following", async () => {
    api.answer('workorders:list', () => workOrderPage([workOrder(10012), workOrder(10003)], { total: 60, pending: [10003] }));
    const stopChanges = cacheChanges.start();
    const orders = new LocationOrders(-2);
    const stop = orders.start();
    await settle(() => expect(orders.loaded).toBe(true));
    expect(api.calls).toEqual([['workorders:list', { savedLocationId: -2, sort: 'schedule', order: 'desc', per_page: 50 }]]);
    expect(orders.orders.map((order) => order.id)).toEqual([10012, 10003]);
    expect(orders.more).toBe(58);
    expect(orders.pending).toEqual([10003]);

    api.answer('workorders:list', () => workOrderPage([workOrder(10012)]));
    api.emit('workorders:did-change', { all: true });
    await settle(() => expect(orders.total).toBe(1));
    expect(orders.more).toBe(0);
    expect(api.count('workorders:list')).toBe(2);

    // Stopped: a later change reaches the cache's followers, not this panel.
    stop();
    const told = vi.fn();
    const stopTold = cacheChanges.follow(told);
    api.emit('workorders:did-change', { ids: [10012] });
    await vi.waitFor(() => expect(told).toHaveBeenCalledTimes(1));
    expect(api.count('workorders:list')).toBe(2);
    stopTold();
    stopChanges();
    expect(api.listenerCount('workorders:did-change')).toBe(0);
  });

  it('opens an order the way the palette does: a request the Work orders screen takes', () => {
    new LocationOrders(701).open(10012);
    expect(orderRequest.take()).toBe(10012);
    expect(screens).toEqual(['work-orders']);
  });

  it('says how many orders use the location', () => {
    expect(usageText(0)).toBe('Not used by any order');
    expect(usageText(1)).toBe('Used by 1 order');
    expect(usageText(3)).toBe('Used by 3 orders');
  });
});
