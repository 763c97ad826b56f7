import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { ApiError } from '../../../src-main/api-client/api-error';
import { ProviderCandidates } from '../../../src-main/db/provider-candidates';
import { ProviderScheduleRepository } from '../../../src-main/db/provider-schedule-repository';
import { serializeWorkOrder } from '../../../src-main/db/work-order-writes';
import { findProviders, lookUpProvider } from '../../../src-main/sync/find-providers';
import { syncUnderTest } from './support';

// "Find a provider" against a real local marketplace: the nearby search kept for offline, the
// cache's own candidates beside it, and one provider looked up by id.

/** A published order at a demo site (seed/work-orders.ts). */
const ORDER = 10008;

async function prepared() {
  const setup = await syncUnderTest();
  const order = await setup.client.workOrders.get(ORDER);
  setup.deps.cache.store([{ ...serializeWorkOrder(order as WorkOrder), fingerprint: 'x', complete: true }]);
  const candidates = new ProviderCandidates(setup.db);
  const search = (id: number, radius: number) => setup.client.parts.providersAround(id, { radius });
  return { ...setup, order, candidates, search };
}

describe('findProviders', () => {
  it('lists the providers near the site nearest first, and keeps the search for offline', async () => {
    const { candidates, search } = await prepared();
    const found = await findProviders(ORDER, 250, { candidates, search, now: () => 1_000 });
    expect(found).toMatchObject({ offline: false, notice: null, searchedAt: 1_000, radius: 250 });
    const nearby = found.candidates.filter((candidate) => candidate.sources.includes('nearby'));
    expect(nearby.length).toBeGreaterThan(0);
    const distances = nearby.map((candidate) => candidate.distance ?? Infinity);
    expect(distances).toEqual([...distances].sort((left, right) => left - right));
    expect(distances.every((distance) => distance <= 250)).toBe(true);
    expect(nearby[0]).toMatchObject({ name: expect.stringMatching(/\S/), bookedThen: expect.any(Boolean) });

    const offline = await findProviders(ORDER, 25, { candidates, search: () => Promise.reject(new ApiError('API_UNREACHABLE')), now: () => 2_000 });
    expect(offline).toMatchObject({ offline: true, searchedAt: 1_000, radius: 250 });
    expect(offline.candidates.filter((candidate) => candidate.sources.includes('nearby')).map((candidate) => candidate.id)).toEqual(nearby.map((candidate) => candidate.id));
  });

  it('says in words when the marketplace cannot place the site', async () => {
    const { candidates } = await prepared();
    const refused = () => Promise.reject(new ApiError('API_REJECTED', 'The marketplace refused the request.', { fields: ['location'], serverMessage: 'The work order has no location' }));
    expect(await findProviders(ORDER, 50, { candidates, search: refused, now: () => 1 })).toMatchObject({ offline: false, notice: 'The work order has no location', searchedAt: null });
  });
});

describe('lookUpProvider', () => {
  it('answers one provider by id as a candidate, with the distance from its home base, and keeps its schedule', async () => {
    const { client, db, candidates } = await prepared();
    const schedules = new ProviderScheduleRepository(db);
    const found = await lookUpProvider(ORDER, 3005, { candidates, schedules, user: (id) => client.company.user(id), now: () => 7 });
    expect(found).toMatchObject({ id: 3005, sources: expect.arrayContaining(['looked-up']), distance: expect.any(Number) });
    expect(schedules.inPeriod([3005], 0, Number.MAX_SAFE_INTEGER).get(3005)?.checkedAt).toBe(7);
    await expect(lookUpProvider(ORDER, 999_999, { candidates, schedules, user: (id) => client.company.user(id), now: () => 7 })).rejects.toMatchObject({ code: 'API_NOT_FOUND' });
  });
});
