import { describe, expect, it } from 'vitest';
import { WorkOrderPartsRepository } from '../../../src-main/db/work-order-parts-repository';
import { pullAll } from '../../../src-main/sync/pull';
import { MAX_PART_REQUESTS_PER_ORDER, pullWorkOrderParts } from '../../../src-main/sync/work-order-parts-pull';
import { syncUnderTest } from './support';

/** A seeded order with expenses (three: new, approved, disapproved). */
const WITH_EXPENSES = 10027;
const partRequests = (requests: string[], id: number) => requests.filter((path) => path.startsWith(`workorders/${id}/`));

async function partsUnderTest() {
  const sync = await syncUnderTest();
  await pullAll(sync.deps);
  const repository = new WorkOrderPartsRepository(sync.db);
  const deps = { parts: sync.client.parts, repository, now: () => 1_700_000_000_000 };
  return { ...sync, repository, deps, signal: new AbortController().signal };
}

describe('pullWorkOrderParts', () => {
  it('stores the parts an order embeds and fetches only its expenses', async () => {
    const { client, repository, deps, signal, requests } = await partsUnderTest();
    expect(repository.get(WITH_EXPENSES).fetchedAt).toBeNull();
    const order = await client.workOrders.get(WITH_EXPENSES);
    requests.length = 0;

    expect(await pullWorkOrderParts(order, deps, signal)).toBe(true);

    expect(partRequests(requests, WITH_EXPENSES)).toEqual([`workorders/${WITH_EXPENSES}/expenses`]);
    const cached = repository.get(WITH_EXPENSES);
    const expenses = await client.parts.expenses(WITH_EXPENSES);
    expect(cached.expenses.map((expense) => expense.id)).toEqual(expenses.results.map((expense) => expense.id));
    expect(cached.expenseSum).toEqual(expenses.sum);
    const folders = await client.parts.attachmentFolders(WITH_EXPENSES);
    expect(cached.attachments.map((attachment) => attachment.id).sort()).toEqual(folders.results.flatMap((folder) => (folder.results ?? []).map((attachment) => attachment.id)).sort());
    expect(cached.requests.map((request) => request.id)).toEqual((await client.parts.requests(WITH_EXPENSES)).results.map((request) => request.id));
    expect(cached.fetchedAt).toBe(1_700_000_000_000);
  });

  it('asks for attachments and requests when the order does not embed them, within the bound', async () => {
    const { client, repository, deps, signal, requests } = await partsUnderTest();
    const { attachments: _attachments, requests: _requests, ...bare } = await client.workOrders.get(WITH_EXPENSES);
    requests.length = 0;
    await pullWorkOrderParts(bare, deps, signal);
    expect(partRequests(requests, WITH_EXPENSES).sort()).toEqual(['attachments', 'expenses', 'requests'].map((part) => `workorders/${WITH_EXPENSES}/${part}`));
    expect(partRequests(requests, WITH_EXPENSES)).toHaveLength(MAX_PART_REQUESTS_PER_ORDER);
    expect(repository.get(WITH_EXPENSES).expenses).toHaveLength(3);
  });

  it('leaves alone an order with an outbox change, and one the cache no longer holds', async () => {
    const { client, repository, deps, signal, db } = await partsUnderTest();
    const order = await client.workOrders.get(WITH_EXPENSES);
    db.prepare('UPDATE work_orders SET pending = 1 WHERE id = ?').run(WITH_EXPENSES);
    expect(await pullWorkOrderParts(order, deps, signal)).toBe(false);
    expect(repository.get(WITH_EXPENSES)).toMatchObject({ expenses: [], fetchedAt: null });
    expect(await pullWorkOrderParts({ ...order, id: 987_654 }, deps, signal)).toBe(false);
  });

  it('drops the parts with their order', async () => {
    const { client, repository, deps, signal, db } = await partsUnderTest();
    await pullWorkOrderParts(await client.workOrders.get(WITH_EXPENSES), deps, signal);
    db.prepare('DELETE FROM work_orders WHERE id = ?').run(WITH_EXPENSES);
    expect(repository.get(WITH_EXPENSES)).toEqual({ attachments: [], expenses: [], expenseSum: null, requests: [], fetchedAt: null });
  });
});
