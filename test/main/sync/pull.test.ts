import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { pullAll, type SyncProgress } from '../../../src-main/sync/pull';
import { serializeWorkOrder } from '../../../src-main/db/work-order-writes';
import { control } from '../api-client/support';
import { addWorkOrders, serviceCounts, syncUnderTest } from './support';

const details = (requests: string[]) => requests.filter((path) => /^workorders\/\d+$/.test(path));

describe('pullAll', () => {
  it('fills an empty cache with every order, in the counts of the service, and reaches done', async () => {
    const { market, client, workOrders, deps, requests } = await syncUnderTest();
    addWorkOrders(market, 460, (index) => (index === 7 ? 'Replace rooftop condenser' : `Sync test order ${index}`));
    const progress: SyncProgress[] = [];

    const summary = await pullAll(deps, { onProgress: (event) => progress.push(event) });

    const expected = await serviceCounts(client);
    expect(expected.workorders_all).toBe(500);
    expect(workOrders.counts()).toEqual(expected);
    expect(summary.listed).toBe(500);
    expect(workOrders.list({ f_search: 'rooftop condens' }).results.map((order) => order.title)).toEqual(['Replace rooftop condenser']);
    expect(requests.filter((path) => path === 'workorders?list=workorders_all')).toHaveLength(5);
    expect(progress.at(-1)).toEqual({ phase: 'done', done: 500, total: 500 });
    expect(new Set(progress.map((event) => event.phase))).toEqual(new Set(['reference', 'work-orders', 'details', 'done']));
  });

  it('fetches each order with an open problem once, its problems cached, alongside the first listing', async () => {
    const { client, workOrders, deps, requests } = await syncUnderTest();
    await pullAll(deps);
    const problems = (await client.workOrders.list({ list: 'workorders_problem', per_page: 100 })).results.map((order) => `workorders/${order.id}`);
    expect(problems.length).toBeGreaterThan(0);
    expect(details(requests).sort()).toEqual(problems.sort());
    expect(workOrders.counts().workorders_problem).toBe(problems.length);
  });

  it('asks again only for the orders providers act on, the problems and the counts, and fetches the changed order', async () => {
    const { market, client, workOrders, deps, requests } = await syncUnderTest();
    addWorkOrders(market, 260);
    await pullAll(deps);
    requests.length = 0;
    const quiet = await pullAll(deps);
    expect(quiet.scope).toBe('active');
    expect(details(requests)).toEqual([]);
    // 300 orders, most of them drafts: one page of those in flight, one of problems, the counts.
    expect(requests.filter((path) => path.startsWith('workorders'))).toEqual(expect.arrayContaining(['workorders?list=workorders_in_flight', 'workorders?list=workorders_problem', 'workorders/lists']));
    expect(requests.filter((path) => path.startsWith('workorders'))).toHaveLength(3);

    // Seeded published: in flight.
    await client.workOrders.update(10_010, { title: 'Retitled on the service' });
    requests.length = 0;
    const summary = await pullAll(deps);
    expect(details(requests)).toEqual(['workorders/10010']);
    expect(summary.details).toBe(1);
    expect(workOrders.get(10_010)?.title).toBe('Retitled on the service');
    expect(workOrders.counts()).toEqual(await serviceCounts(client));
  });

  it('lists every order when the counts disagree, and when the last whole listing is six hours old', async () => {
    const { market, client, workOrders, deps, requests } = await syncUnderTest();
    let clock = Date.now();
    const timed = { ...deps, now: () => clock };
    addWorkOrders(market, 10);
    await pullAll(timed);

    // A draft made elsewhere: the drafts' count says so, and the same pull lists everything.
    const made = await client.workOrders.create({ title: 'Made on the web' });
    requests.length = 0;
    const widened = await pullAll(timed);
    expect(widened.scope).toBe('all');
    expect(requests).toContain('workorders?list=workorders_all');
    expect(workOrders.get(made.id)?.title).toBe('Made on the web');

    // A draft retitled elsewhere moves no count: the next whole listing, hours later, finds it.
    await client.workOrders.update(made.id, { title: 'Retitled on the web' });
    clock += 60_000;
    expect((await pullAll(timed)).scope).toBe('active');
    expect(workOrders.get(made.id)?.title).toBe('Made on the web');
    clock += 6 * 60 * 60 * 1000;
    requests.length = 0;
    expect((await pullAll(timed)).scope).toBe('all');
    expect(details(requests)).toEqual([`workorders/${made.id}`]);
    expect(workOrders.get(made.id)?.title).toBe('Retitled on the web');
  });

  it('keeps pulling by the age rule against a service that has no list counts', async () => {
    const { market, client, workOrders, deps } = await syncUnderTest();
    await pullAll(deps);
    await control(market, 'faults', { status: 404, path: 'workorders/lists' });
    await client.workOrders.update(10_010, { title: 'Retitled with no counts' });
    const summary = await pullAll(deps);
    expect(summary.scope).toBe('active');
    expect(workOrders.get(10_010)?.title).toBe('Retitled with no counts');
  });

  it('asks alone for a cached order in flight that left the lists, even when the counts balance', async () => {
    const { client, workOrders, deps, requests } = await syncUnderTest();
    await pullAll(deps);
    await client.workOrders.unpublish(10_010);
    // As if another order had moved the other way meanwhile: the counts agree whatever the cache holds.
    client.workOrders.lists = async () => Object.entries(workOrders.counts()).map(([id, count]) => ({ id, count }));
    requests.length = 0;
    const summary = await pullAll(deps);
    expect(summary.scope).toBe('active');
    expect(details(requests)).toEqual(['workorders/10010']);
    expect((workOrders.get(10_010) as { status?: { name?: string } }).status?.name).toBe('Draft');
  });

  it('keeps an order\'s milestones when a changed order\'s full answer replaces its document', async () => {
    const { client, workOrders, deps } = await syncUnderTest();
    await pullAll(deps);
    // Seeded published: publishing it again changes nothing; unpublished, its list item changes.
    const before = (await client.workOrders.milestones(10_010)) as Record<string, { utc?: string | null } | null>;
    expect(before.published?.utc).toEqual(expect.any(String));
    await client.workOrders.unpublish(10_010);
    await pullAll(deps);
    const stored = workOrders.get(10_010) as { status?: { name?: string }; milestones?: Record<string, { utc?: string | null } | null> };
    expect(stored.status?.name).toBe('Draft');
    expect(stored.milestones?.created?.utc).toEqual(expect.any(String));
  });

  it('does not fetch fresh reference data again', async () => {
    const { deps, requests } = await syncUnderTest();
    const first = await pullAll(deps);
    expect(first.referenceKinds).toContain('types-of-work');
    expect(deps.referenceData.get('types-of-work', 60_000).length).toBeGreaterThan(0);
    requests.length = 0;
    const second = await pullAll(deps);
    expect(second.referenceKinds).not.toContain('types-of-work');
    expect(requests).not.toContain('types-of-work');
    await pullAll(deps, { referenceMaxAgeMs: 0 });
    expect(requests).toContain('types-of-work');
  });

  it('stops when cancelled after the first page, keeping whole pages and answering SYNC_CANCELLED; the next pull writes only the rest', async () => {
    const { market, workOrders, deps, db } = await syncUnderTest();
    addWorkOrders(market, 760);
    const controller = new AbortController();
    const pulled = pullAll(deps, {
      signal: controller.signal,
      onProgress: (event) => {
        if (event.phase === 'work-orders' && event.done >= 100) controller.abort();
      },
    });
    await expect(pulled).rejects.toMatchObject({ code: 'SYNC_CANCELLED' });
    await expect(pulled).rejects.toBeInstanceOf(AppError);
    const cached = workOrders.counts().workorders_all;
    expect(cached).toBeGreaterThanOrEqual(100);
    expect(cached).toBeLessThan(800);
    expect(cached % 100).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM work_order_pull_state').pluck().get()).toBe(cached);
    expect(db.prepare('SELECT COUNT(*) FROM work_order_documents').pluck().get()).toBe(cached);

    // The first pull loaded the empty cache in bulk: cancelled or not, its indexes are back.
    expect(db.prepare('SELECT COUNT(*) FROM deferred_indexes').pluck().get()).toBe(0);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'work_orders_schedule'").pluck().get()).toBe(1);

    // A first sync that never finished is a whole listing again; what it kept is not written twice.
    const summary = await pullAll(deps);
    expect(summary.scope).toBe('all');
    expect(summary.listed).toBe(800);
    expect(summary.stored).toBe(800 - cached);
    expect(workOrders.counts().workorders_all).toBe(800);
  });

  it('removes an order the service no longer lists after a complete pull', async () => {
    const { client, workOrders, deps } = await syncUnderTest();
    await pullAll(deps);
    const before = workOrders.counts().workorders_all;
    deps.cache.store([{ ...serializeWorkOrder({ id: 987_654, title: 'Gone from the service' }), fingerprint: 'x', complete: false }]);
    expect(workOrders.counts().workorders_all).toBe(before + 1);
    const summary = await pullAll(deps);
    expect(summary.deleted).toBe(1);
    expect(workOrders.get(987_654)).toBeUndefined();
    expect(workOrders.list({ f_search: 'Gone from the service' }).total).toBe(0);
    expect(workOrders.counts()).toEqual(await serviceCounts(client));
  });

  it('fails with the service\'s error code on an injected fault', async () => {
    const { market, deps } = await syncUnderTest();
    await control(market, 'faults', { status: 503, count: 1, path: 'workorders' });
    await expect(pullAll(deps)).rejects.toMatchObject({ code: 'API_SERVER_ERROR' });
    await expect(pullAll(deps)).resolves.toMatchObject({ listed: 40 });
  });
});
