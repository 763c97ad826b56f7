import { describe, expect, it } from 'vitest';
import { SyncService, type SyncStatus } from '../../../src-main/sync/sync-service';
import { control } from '../api-client/support';
import { addWorkOrders, syncUnderTest } from './support';

describe('SyncService', () => {
  it('runs one pull for two calls made while it runs', async () => {
    const { market, deps, requests } = await syncUnderTest();
    addWorkOrders(market, 160);
    const service = new SyncService(deps);
    const [first, second] = await Promise.all([service.syncNow(), service.syncNow()]);
    expect(second).toBe(first);
    expect(requests.filter((path) => path === 'workorders?list=workorders_all')).toHaveLength(2);
    expect(service.status).toMatchObject({ state: 'idle', progress: { phase: 'done', done: 200, total: 200 } });
    expect(service.status.lastSyncedAt).toEqual(expect.any(Number));
  });

  it('reports a failed pull in its status with the code, and recovers on the next', async () => {
    const { market, deps } = await syncUnderTest();
    const service = new SyncService(deps);
    const states: SyncStatus['state'][] = [];
    service.onChange((status) => states.push(status.state));
    await control(market, 'faults', { status: 503, count: 1 });
    await expect(service.syncNow()).rejects.toMatchObject({ code: 'API_SERVER_ERROR' });
    expect(service.status).toMatchObject({ state: 'error', lastSyncedAt: null, lastError: { code: 'API_SERVER_ERROR' } });
    expect(service.status.lastError?.message).toMatch(/marketplace had a problem/);
    await service.syncNow();
    expect(service.status.state).toBe('idle');
    expect(service.status.lastSyncedAt).not.toBeNull();
    expect(states).toEqual(expect.arrayContaining(['syncing', 'error', 'idle']));
  });

  it('cancels the pull under way when stopped', async () => {
    const { market, deps } = await syncUnderTest();
    addWorkOrders(market, 560);
    const service = new SyncService(deps);
    service.onChange((status) => {
      if (status.progress?.phase === 'work-orders') service.stop();
    });
    await expect(service.syncNow()).rejects.toMatchObject({ code: 'SYNC_CANCELLED' });
    expect(service.status.lastError?.code).toBe('SYNC_CANCELLED');
  });

  it('pulls on its timer until stopped', async () => {
    const { deps, requests } = await syncUnderTest();
    const service = new SyncService(deps);
    const pulled = new Promise<void>((resolve) => service.onChange((status) => status.state === 'idle' && resolve()));
    service.start(20);
    await pulled;
    service.stop();
    expect(requests).toContain('workorders?list=workorders_all');
  });
});
