import { describe, expect, it } from 'vitest';
import type { WorkOrderDetail } from '../../../src-shared/ipc/channels';
import { memoryCredentialSource } from '../../../src-main/api-client/credential-source';
import { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest, untilPulls } from './support';

/** A seeded order with three expenses, assigned, with a description. */
const WITH_EXPENSES = 10027;

describe('workorders:refresh', () => {
  it('brings an opened order\'s full answer and parts into the cache, including a change its list item does not show; the detail says which it holds', async () => {
    const harness = appUnderTest({ secretStore: new MemorySecretStore() });
    const { call, invoke, marketplace, app } = harness;
    await call('session:sign-in', {});
    await untilPulls(harness.progress);
    const changes: unknown[] = [];
    app.events.subscribe((event, payload) => {
      if (event === 'workorders:did-change') changes.push(payload);
    });

    // Stored from its list item by the pull: no description. Its parts came with the pull, as for
    // every order under way or done (its deliverables); an open order's did not.
    const listed = await call<WorkOrderDetail>('workorders:detail', { id: WITH_EXPENSES });
    expect(listed.order.description).toBeUndefined();
    // Its parts are there, and its folders as the parts' pull stored them; the detail says the
    // document is the list item's, which carries no folders.
    expect(listed.partsFetchedAt).toEqual(expect.any(Number));
    expect(listed.complete).toBe(false);
    expect(listed.order.attachments?.results ?? []).toEqual([]);
    expect(listed.folders.map((folder) => folder.type)).toContain('slot');
    expect((await call<WorkOrderDetail>('workorders:detail', { id: 10007 })).partsFetchedAt).toBeNull();

    const refreshed = await call<WorkOrderDetail>('workorders:refresh', { id: WITH_EXPENSES });
    expect(refreshed.order.description?.html).toEqual(expect.any(String));
    expect(refreshed.expenses).toHaveLength(3);
    expect(refreshed.partsFetchedAt).toEqual(expect.any(Number));
    expect(refreshed.complete).toBe(true);
    expect(await call('workorders:detail', { id: WITH_EXPENSES })).toEqual(refreshed);
    expect(changes).toContainEqual({ ids: [WITH_EXPENSES] });

    // An expense added on the service leaves the list item as it was; opening the order shows it.
    const market = await marketplace();
    const client = new MarketplaceClient({ baseUrl: market.baseUrl, authUrl: market.authUrl, credentials: memoryCredentialSource(market.credentials) });
    try {
      await client.parts.addExpense(WITH_EXPENSES, { description: 'Ladder rental', amount: 45 });
    } finally {
      await client.dispose();
    }
    const again = await call<WorkOrderDetail>('workorders:refresh', { id: WITH_EXPENSES });
    expect(again.expenses.map((expense) => expense.description)).toContain('Ladder rental');

    expect(await invoke('workorders:refresh', { id: 0 })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await invoke('workorders:refresh', { id: 987_654 })).toMatchObject({ ok: false, error: { code: 'WORK_ORDER_NOT_FOUND' } });
  });
});
