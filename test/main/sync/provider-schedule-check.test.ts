import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { timeOnSite, type Span } from '../../../src-shared/domain/time-on-site';
import { ApiError } from '../../../src-main/api-client/api-error';
import { serializeWorkOrder } from '../../../src-main/db/work-order-writes';
import { ProviderScheduleRepository } from '../../../src-main/db/provider-schedule-repository';
import { checkProviderSchedules, SCHEDULE_FRESH_MS } from '../../../src-main/sync/provider-schedule-check';
import { syncUnderTest } from './support';

// The board asks for its rows' schedules (users/{user} on a real local marketplace) and keeps the
// time booked elsewhere: the provider's schedule less this company's orders the cache holds.

const signal = () => new AbortController().signal;

describe('checkProviderSchedules', () => {
  it('keeps a provider’s booked time less the orders the cache holds of theirs', async () => {
    const { client, db, deps } = await syncUnderTest();
    const assigned = (await client.workOrders.list({ list: 'workorders_assigned', per_page: 100 })).results as WorkOrder[];
    const byProvider = new Map<number, WorkOrder[]>();
    for (const order of assigned) {
      const provider = (order.assignee as { user?: { id?: number } } | null | undefined)?.user?.id;
      if (typeof provider === 'number') byProvider.set(provider, [...(byProvider.get(provider) ?? []), order]);
    }
    // A provider with two assigned orders: the cache holds the first, the second is "elsewhere".
    const [providerId, orders] = [...byProvider.entries()].find(([, own]) => own.length >= 2) ?? [];
    if (!providerId || !orders) throw new Error('the seed has no provider with two assigned orders');
    const [cached, ...others] = await Promise.all(orders.map((order) => client.workOrders.get(order.id)));
    deps.cache.store([{ ...serializeWorkOrder(cached as WorkOrder), fingerprint: 'x', complete: true }]);

    const schedules = new ProviderScheduleRepository(db);
    const now = Date.now();
    expect(await checkProviderSchedules([providerId], { users: client.company, schedules, now: () => now }, signal())).toEqual({ checked: 1, failed: 0 });

    // Minutes on the marketplace, milliseconds here: compare to the minute.
    const minute = (span: Span) => ({ start: Math.floor(span.start / 60_000), end: Math.floor(span.end / 60_000) });
    const elsewhere = others.flatMap((order) => timeOnSite(order) ?? []).filter((span) => span.end > now).sort((first, second) => first.start - second.start);
    const kept = schedules.inPeriod([providerId], now - 365 * 86_400_000, now + 365 * 86_400_000).get(providerId);
    expect(kept?.checkedAt).toBe(now);
    expect(kept?.busy.map(minute)).toEqual(elsewhere.map(minute));
    expect(elsewhere.length).toBeGreaterThan(0);

    // Checked: not asked again within ten minutes.
    const asked: number[] = [];
    const counting = { user: (id: number) => (asked.push(id), client.company.user(id)) };
    await checkProviderSchedules([providerId], { users: counting, schedules, now: () => now + SCHEDULE_FRESH_MS - 1 }, signal());
    expect(asked).toEqual([]);
    await checkProviderSchedules([providerId], { users: counting, schedules, now: () => now + SCHEDULE_FRESH_MS + 1 }, signal());
    expect(asked).toEqual([providerId]);
  });

  it('keeps an unknown provider with nothing booked, and stops at the first other failure, counting what waited', async () => {
    const { db } = await syncUnderTest();
    const schedules = new ProviderScheduleRepository(db);
    const gone = { user: async () => Promise.reject(new ApiError('API_NOT_FOUND')) };
    expect(await checkProviderSchedules([41], { users: gone, schedules, now: () => 5 }, signal())).toEqual({ checked: 1, failed: 0 });
    expect(schedules.inPeriod([41], 0, Number.MAX_SAFE_INTEGER).get(41)).toEqual({ busy: [], checkedAt: 5 });

    const offline = { user: async () => Promise.reject(new ApiError('API_UNREACHABLE')) };
    expect(await checkProviderSchedules([42, 43, 44], { users: offline, schedules, now: () => 5 }, signal())).toEqual({ checked: 0, failed: 3 });
    expect(schedules.inPeriod([42], 0, Number.MAX_SAFE_INTEGER).get(42)).toEqual({ busy: [], checkedAt: null });
  });

  it('reads a zone the service names its own way by its offset', async () => {
    const { db } = await syncUnderTest();
    const schedules = new ProviderScheduleRepository(db);
    const users = { user: async (id: number) => ({ id, time_zone: { name: 'Eastern', offset: -5 }, upcoming_schedule: [{ date: '2030-01-02', from: '09:00', to: '11:00' }] }) };
    await checkProviderSchedules([45], { users, schedules, now: () => 5 }, signal());
    expect(schedules.inPeriod([45], 0, Number.MAX_SAFE_INTEGER).get(45)?.busy).toEqual([{ start: Date.parse('2030-01-02T14:00:00Z'), end: Date.parse('2030-01-02T16:00:00Z') }]);
  });
});
