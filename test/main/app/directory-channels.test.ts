import { describe, expect, it } from 'vitest';
import type { TalentPoolMember, TalentPoolSummary, WorkOrderDetail } from '../../../src-shared/ipc/channels';
import { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { memoryCredentialSource } from '../../../src-main/api-client/credential-source';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest, untilPulls } from './support';

/** A seeded order with three expenses. */
const WITH_EXPENSES = 10027;

async function syncedApp() {
  const harness = appUnderTest({ secretStore: new MemorySecretStore() });
  await harness.call('session:sign-in', {});
  await untilPulls(harness.progress);
  return harness;
}

describe('the directory read channels', () => {
  it('answer saved locations, clients, projects and talent pools from the cache after a pull', async () => {
    const { call, invoke } = await syncedApp();

    const locations = await call<{ id: number; name?: string | null }[]>('locations:search', { text: '' });
    expect(locations.length).toBeGreaterThan(0);
    const [first] = locations;
    expect((await call<{ id: number }[]>('locations:search', { text: first?.name ?? '' })).map((location) => location.id)).toContain(first?.id);

    const clients = await call<{ id: number; projects: { results: { id: number }[] } }[]>('clients:list');
    expect(clients.length).toBeGreaterThan(0);
    const withProjects = clients.find((client) => client.projects.results.length > 0);
    if (!withProjects) throw new Error('no cached client has projects');
    const projects = await call<{ id: number; client_id: number }[]>('projects:list', { clientId: withProjects.id });
    expect(projects.map((project) => project.id).sort()).toEqual(withProjects.projects.results.map((project) => project.id).sort());
    expect(projects.every((project) => project.client_id === withProjects.id)).toBe(true);
    expect((await call<unknown[]>('projects:list', {})).length).toBe(clients.reduce((sum, client) => sum + client.projects.results.length, 0));

    const pools = await call<TalentPoolSummary[]>('talent-pools:list');
    expect(pools.find((pool) => pool.id === 812)).toEqual({ id: 812, name: 'Network and Cabling', group: { id: 801, name: 'Chicagoland Preferred' }, providerCount: 4 });
    const members = await call<TalentPoolMember[]>('talent-pools:providers', { poolId: 812 });
    expect(members.map((member) => member.provider.id).sort()).toEqual([3002, 3003, 3005, 3006]);
    expect(members.every((member) => typeof member.provider.first_name === 'string')).toBe(true);

    expect(await invoke('talent-pools:providers', { poolId: 999 })).toMatchObject({ ok: false, error: { code: 'TALENT_POOL_NOT_FOUND' } });
    for (const [channel, input] of [
      ['talent-pools:providers', { poolId: 'x' }],
      ['talent-pools:providers', { poolId: 812, extra: 1 }],
      ['projects:list', { clientId: -1 }],
      ['clients:list', { search: 'a' }],
      ['talent-pools:list', {}],
      ['workorders:detail', { id: 1.5 }],
    ] as const) {
      expect(await invoke(channel, input), channel).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    }
  });

  it('answers an order with its parts once the pull fetched its details, and says when it has not yet', async () => {
    const { call, invoke, marketplace, progress } = await syncedApp();
    // A published order's parts wait for its details; an order under way or done has its parts from the first pull (its deliverables).
    const before = await call<WorkOrderDetail>('workorders:detail', { id: 10008 });
    expect(before).toMatchObject({ order: { id: 10008 }, attachments: [], expenses: [], requests: [], expenseSum: null, partsFetchedAt: null });
    expect(await invoke('workorders:detail', { id: 987_654 })).toMatchObject({ ok: false, error: { code: 'WORK_ORDER_NOT_FOUND' } });

    // Approval on the service changes the order's list item: the next pull fetches its details and parts.
    const market = await marketplace();
    const client = new MarketplaceClient({ baseUrl: market.baseUrl, authUrl: market.authUrl, credentials: memoryCredentialSource(market.credentials) });
    try {
      await client.workOrders.approve(WITH_EXPENSES);
    } finally {
      await client.dispose();
    }
    await call('sync:now');
    await untilPulls(progress, 2);

    const after = await call<WorkOrderDetail>('workorders:detail', { id: WITH_EXPENSES });
    expect(after.order.status?.name).toBe('Approved');
    expect(after.expenses).toHaveLength(3);
    expect(after.expenseSum).toMatchObject({ all: expect.any(Number), charged: expect.any(Number) });
    expect(after.partsFetchedAt).toEqual(expect.any(Number));
  });
});
