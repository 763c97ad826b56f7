import { describe, expect, it } from 'vitest';
import { PROBLEM_TYPES } from '../../../src-shared/api/reference-data';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { marketControl } from './market-control';
import { outboxApp, until } from './support';

// Issue 24: a refused change holds back only what depends on it. An order's messages, problems,
// expenses and files are not its fields: each goes in its own lane of the order, so a refused
// change of the order (a title, an ETA) holds none of them. An approval still waits for the
// order's expenses and files; unassigning waits out the undo window like assigning; a problem a
// provider reported is resolved through the outbox.

interface Problem {
  id: number;
  resolution?: { status?: string } | null;
}
interface Order {
  id: number;
  title?: string;
  problems?: { results?: Problem[] };
}

/** Seeded orders (local marketplace seed): Assigned without a sub-status, and Work Done. */
const ASSIGNED = 10018;
const WORK_DONE = 10027;

describe('the lanes of an order', () => {
  it('sends a message to the technician while a change of the order is refused, and keeps that change refused', async () => {
    const { call, entries, marketplace } = await outboxApp();
    const market = marketControl(await marketplace());
    const bad = await call<OutboxReceipt>('workorders:update', { id: ASSIGNED, changes: { title: 'Never', client: { id: 987654 } } });
    await call('messages:send', { workOrderId: ASSIGNED, message: 'Gate code is 4417' });

    const left = await until(entries, (list) => list.length === 1 && list[0]?.state === 'refused', 'the message sent, the change refused');
    expect(left[0]?.id).toBe(bad.entryId);
    const { results } = await market.get<{ results: { message: string }[] }>(`workorders/${ASSIGNED}/messages`);
    expect(results.map((message) => message.message)).toContain('Gate code is 4417');
  });

  it('holds an approval behind the order’s waiting expenses, and sends it once they land', async () => {
    const { call, entries, drained, marketOrder } = await outboxApp();
    await call('connectivity:set-offline', { offline: true });
    const expense = await call<OutboxReceipt>('expenses:add', { workOrderId: WORK_DONE, expense: { description: 'Parking', amount: 12 } });
    const approve = await call<OutboxReceipt>('workorders:approve', { id: WORK_DONE });
    const queued = await entries();
    expect(queued.map((entry) => entry.id)).toEqual([expense.entryId, approve.entryId]);
    await call('connectivity:set-offline', { offline: false });
    await drained();
    expect((await marketOrder(WORK_DONE)).status).toMatchObject({ name: 'Approved' });
  });

  it('waits out the undo window before an unassign, as before an assign', async () => {
    const { call, entries } = await outboxApp({ undoSeconds: 10 });
    const receipt = await call<OutboxReceipt>('workorders:unassign', { id: ASSIGNED });
    const entry = (await entries()).find((candidate) => candidate.id === receipt.entryId) as OutboxEntry;
    expect(entry.notBefore).toBeGreaterThanOrEqual(entry.createdAt + 9_000);
    // Undo: discarded inside the window, never sent; the order is Assigned again.
    await call('outbox:discard', { entryId: receipt.entryId });
    expect((await call<{ status: { name: string } }>('workorders:get', { id: ASSIGNED })).status.name).toBe('Assigned');
  });

  it('resolves a problem a provider reported: shown resolved at once, resolved on the marketplace, no longer needing attention', async () => {
    const { call, drained, marketplace } = await outboxApp();
    const market = marketControl(await marketplace());
    await call('problems:report', { workOrderId: ASSIGNED, problemTypeId: PROBLEM_TYPES[0].id, comments: 'Ladder too short' });
    await drained();
    await call('workorders:refresh', { id: ASSIGNED });
    const open = (await call<Order>('workorders:get', { id: ASSIGNED })).problems?.results?.find((problem) => problem.resolution?.status !== 'resolved');
    expect(open).toBeDefined();
    const attention = async () => (await call<{ attention: Record<string, string[]> }>('workorders:list', { workOrderId: ASSIGNED })).attention[String(ASSIGNED)] ?? [];
    expect(await attention()).toContain('problem');

    await call('connectivity:set-offline', { offline: true });
    await call('problems:resolve', { workOrderId: ASSIGNED, problemId: open?.id });
    const shown = (await call<Order>('workorders:get', { id: ASSIGNED })).problems?.results?.find((problem) => problem.id === open?.id);
    expect(shown?.resolution?.status).toBe('resolved');
    expect(await attention()).not.toContain('problem');

    await call('connectivity:set-offline', { offline: false });
    await drained();
    const { results } = await market.get<{ results: Problem[] }>(`workorders/${ASSIGNED}/problems`);
    expect(results.find((problem) => problem.id === open?.id)?.resolution?.status).toBe('resolved');
  });
});
