import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The renderer's one door to main, faked: the orders at a location as the test sets them.
const fake = vi.hoisted(() => ({
  page: { results: [] as { id: number }[], total: 0, pending: [] as number[] },
  listeners: {} as Record<string, ((payload: unknown) => void)[]>,
  calls: [] as [string, unknown][],
  screens: [] as string[],
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    if (channel === 'workorders:list') return fake.page;
    return {};
  },
  on: (event: string, listener: (payload: unknown) => void) => {
    (fake.listeners[event] ??= []).push(listener);
    return () => fake.listeners[event]?.splice(fake.listeners[event].indexOf(listener), 1);
  },
}));
vi.mock('../../src-renderer/lib/router.svelte', () => ({ router: { go: (screen: string) => fake.screens.push(screen) } }));

const { LocationOrders, usageText } = await import('../../src-renderer/state/locations.svelte');
const { orderRequest } = await import('../../src-renderer/state/palette.svelte');

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

describe('LocationOrders', () => {
  beforeEach(() => {
    fake.page = { results: [], total: 0, pending: [] };
    fake.listeners = {};
    fake.calls = [];
    fake.screens = [];
  });

  it("reads the location's orders through the list's query, again when orders change, and stops following", async () => {
    fake.page = { results: [{ id: 10012 }, { id: 10003 }], total: 60, pending: [10003] };
    const orders = new LocationOrders(-2);
    const stop = orders.start();
    await settle(() => expect(orders.loaded).toBe(true));
    expect(fake.calls[0]).toEqual(['workorders:list', { savedLocationId: -2, sort: 'schedule', order: 'desc', per_page: 50 }]);
    expect(orders.orders.map((order) => order.id)).toEqual([10012, 10003]);
    expect(orders.more).toBe(58);
    expect(orders.pending).toEqual([10003]);

    fake.page = { results: [{ id: 10012 }], total: 1, pending: [] };
    fake.listeners['workorders:did-change']?.forEach((listener) => listener({ all: true }));
    await settle(() => expect(orders.total).toBe(1));
    expect(orders.more).toBe(0);
    stop();
    expect(fake.listeners['workorders:did-change']).toHaveLength(0);
    expect(fake.listeners['outbox:changed']).toHaveLength(0);
  });

  it('opens an order the way the palette does: a request the Work orders screen takes', () => {
    new LocationOrders(701).open(10012);
    expect(orderRequest.take()).toBe(10012);
    expect(fake.screens).toEqual(['work-orders']);
  });

  it('says how many orders use the location', () => {
    expect(usageText(0)).toBe('Not used by any order');
    expect(usageText(1)).toBe('Used by 1 order');
    expect(usageText(3)).toBe('Used by 3 orders');
  });
});
