import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { addWorkOrders } from '../sync/support';
import { appUnderTest, untilProgress, untilPulls } from './support';

describe('sync:cancel', () => {
  it('stops the pull under way, which ends with SYNC_CANCELLED and keeps the pages it wrote', async () => {
    const harness = appUnderTest({ secretStore: new MemorySecretStore() });
    const { call, progress, marketplace } = harness;
    await call('session:sign-in', {});
    await untilPulls(progress);
    addWorkOrders(await marketplace(), 3_000);
    progress.length = 0;

    await call('sync:now');
    await untilProgress(progress, (status) => status.progress?.phase === 'work-orders' && status.progress.done > 0);
    await call('sync:cancel');

    const ended = await untilProgress(progress, (status) => status.state !== 'syncing');
    expect(ended).toMatchObject({ state: 'error', lastError: { code: 'SYNC_CANCELLED' } });
    const cached = (await call<{ counts: { workorders_all: number } }>('workorders:list', {})).counts.workorders_all;
    expect(cached).toBeGreaterThanOrEqual(40);
    expect(cached).toBeLessThan(3_040);

    // Nothing to cancel is not an error.
    expect(await call('sync:cancel')).toMatchObject({ state: 'error' });
    await call('sync:now');
    await untilProgress(progress, (status) => status.state === 'idle');
    expect((await call<{ counts: { workorders_all: number } }>('workorders:list', {})).counts.workorders_all).toBe(3_040);
  });
});
