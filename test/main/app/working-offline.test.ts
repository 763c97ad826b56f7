import { describe, expect, it } from 'vitest';
import type { SyncStatusPayload } from '../../../src-shared/ipc/channels';
import { marketControl } from '../outbox/market-control';
import { outboxApp, until } from '../outbox/support';
import { untilPulls } from './support';

// Issue 24, item 9: "Work offline" holds every request, pulls included: an order must not turn
// Work Done underneath a coordinator who chose to work offline. The status says the pull is paused;
// back online, the pull runs and brings what changed meanwhile.

/** A seeded Assigned order, checked in (local marketplace seed). */
const CHECKED_IN = 10021;

describe('working offline', () => {
  it('pauses the pull and every fetch, says so, and pulls what changed once back online', async () => {
    const { call, invoke, marketplace, progress, marketOrder } = await outboxApp();
    const market = marketControl(await marketplace());
    await call('connectivity:set-offline', { offline: true });
    expect(await call<SyncStatusPayload>('sync:now')).toMatchObject({ state: 'paused' });

    // The provider finishes the job on the marketplace meanwhile.
    const provider = ((await marketOrder(CHECKED_IN)).assignee as { user: { id: number } }).user.id;
    await market.simulate('check-out', { work_order_id: CHECKED_IN, provider_id: provider });
    await market.simulate('complete', { work_order_id: CHECKED_IN, provider_id: provider });
    expect((await marketOrder(CHECKED_IN)).status).toMatchObject({ name: 'Work Done' });

    // Nothing is fetched: not a pull, not the refresh of an opened order.
    expect(await invoke('workorders:refresh', { id: CHECKED_IN })).toMatchObject({ ok: false, error: { code: 'WORKING_OFFLINE' } });
    expect((await call<{ status: { name: string } }>('workorders:get', { id: CHECKED_IN })).status.name).not.toBe('Work Done');

    const pulls = progress.filter((status) => status.state === 'idle').length;
    await call('connectivity:set-offline', { offline: false });
    await untilPulls(progress, pulls);
    await until(async () => (await call<{ status: { name: string } }>('workorders:get', { id: CHECKED_IN })).status.name, (name) => name === 'Work Done', 'the order pulled');
  });
});
