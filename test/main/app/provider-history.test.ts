import { describe, expect, it } from 'vitest';
import type { ProviderHistory, WorkOrderDetail, WorkOrderPage } from '../../../src-shared/ipc/channels';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest, untilPulls } from './support';

/** Seeded: assigned and delayed, with a problem the buyer reported (the list item does not carry it). */
const DELAYED_WITH_PROBLEM = 10024;
/** Seeded: work done, with the provider's time log. */
const FINISHED = 10027;
/** A member of talent pool 811: the directory pull stores the profile. */
const POOL_MEMBER = 3001;

const assigneeOf = (detail: WorkOrderDetail) => (detail.order.assignee as { user?: { id?: number } } | null | undefined)?.user?.id;

describe('providers:history', () => {
  it("counts this company's orders with a provider from the cache, and learns more as orders are opened", async () => {
    const harness = appUnderTest({ secretStore: new MemorySecretStore() });
    const { call, invoke } = harness;
    await call('session:sign-in', {});
    await untilPulls(harness.progress);

    const delayed = await call<WorkOrderDetail>('workorders:detail', { id: DELAYED_WITH_PROBLEM });
    const providerId = assigneeOf(delayed);
    expect(providerId).toEqual(expect.any(Number));

    // The same provider's orders, as the list sees them: the history must agree with it.
    const page = await call<WorkOrderPage>('workorders:list', { provider: providerId, per_page: 100 });
    const statusIds = page.results.map((order) => order.status?.id);
    const before = await call<ProviderHistory>('providers:history', { providerId });
    expect(before).toMatchObject({
      providerId,
      active: statusIds.filter((id) => id === 3).length,
      ordersDone: statusIds.filter((id) => id === 4 || id === 5 || id === 6).length,
    });
    expect(before.active).toBeGreaterThanOrEqual(1);
    expect(before.lastWorkedAt === null || before.lastWorkedAt <= Date.now()).toBe(true);

    // Opening an order brings its full answer (problems, time logs): the history counts them then.
    await call('workorders:refresh', { id: DELAYED_WITH_PROBLEM });
    expect((await call<ProviderHistory>('providers:history', { providerId })).problems).toBeGreaterThanOrEqual(1);

    // A finished order's first check-in is known once its time logs are cached.
    const done = await call<WorkOrderDetail>('workorders:refresh', { id: FINISHED });
    const finisher = assigneeOf(done);
    const history = await call<ProviderHistory>('providers:history', { providerId: finisher });
    expect(history.ordersDone).toBeGreaterThanOrEqual(1);
    expect(history.onTimeKnown).toBeGreaterThanOrEqual(1);
    expect(history.onTime).toBeLessThanOrEqual(history.onTimeKnown);
    expect(history.lastWorkedAt).toEqual(expect.any(Number));

    // A provider this company never used: all zeros, not an error.
    expect(await call<ProviderHistory>('providers:history', { providerId: 987_654 })).toEqual({
      providerId: 987_654,
      profile: null,
      active: 0,
      ordersDone: 0,
      onTimeKnown: 0,
      onTime: 0,
      incompletes: 0,
      problems: 0,
      lastWorkedAt: null,
    });
    const member = await call<ProviderHistory>('providers:history', { providerId: POOL_MEMBER });
    expect(member.profile).toMatchObject({ id: POOL_MEMBER, first_name: expect.any(String) });
    expect(await invoke('providers:history', { providerId: 0 })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });
});
