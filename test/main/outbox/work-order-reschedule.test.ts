import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import type { OutboxEntry } from '../../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp } from './support';

// A move of the service window, as the dispatch board makes it (`workorders:reschedule`): shown at
// once, held for the undo window like an assign, then the marketplace has the window in its mode.

/** A seeded Assigned order (local marketplace seed). */
const ASSIGNED = 10018;
const WINDOW = { mode: 'between', start: { utc: '2030-03-04 15:00:00' }, end: { utc: '2030-03-04 17:00:00' } } as const;

interface Order {
  schedule?: { service_window?: { mode?: string; start?: { utc?: string }; end?: { utc?: string } } };
}

describe('a reschedule from the board', () => {
  it('is shown at once, lands on the marketplace in its mode, and is named in words', async () => {
    const { call, drained, entries, marketOrder } = await outboxApp();
    await call('workorders:reschedule', { id: ASSIGNED, window: WINDOW });
    expect((await call<Order>('workorders:get', { id: ASSIGNED })).schedule?.service_window).toMatchObject(WINDOW);
    const summaries = (await entries()).map((entry) => entry.summary);
    expect(summaries.some((summary) => /^Move #10018 to \w{3}, Mar 4, 2030 \d\d:00 /.test(summary))).toBe(true);
    await drained();
    expect(((await marketOrder(ASSIGNED)) as Order).schedule?.service_window).toMatchObject(WINDOW);
  });

  it('waits out the undo window; Undo puts the old window back and nothing is sent', async () => {
    const { call, entries, marketOrder } = await outboxApp({ undoSeconds: 10 });
    const before = (await call<Order>('workorders:get', { id: ASSIGNED })).schedule?.service_window;
    const receipt = await call<OutboxReceipt>('workorders:reschedule', { id: ASSIGNED, window: WINDOW });
    const entry = (await entries()).find((candidate) => candidate.id === receipt.entryId) as OutboxEntry;
    expect(entry.state).toBe('scheduled');
    expect(entry.notBefore).toBeGreaterThanOrEqual(entry.createdAt + 9_000);
    await call('outbox:discard', { entryId: receipt.entryId });
    expect((await call<Order>('workorders:get', { id: ASSIGNED })).schedule?.service_window).toEqual(before);
    expect(((await marketOrder(ASSIGNED)) as Order).schedule?.service_window?.start?.utc).toBe(before?.start?.utc);
  });

  it('refuses a window that ends before it starts, queueing nothing', async () => {
    const { invoke, entries } = await outboxApp();
    const backwards = (await invoke('workorders:reschedule', { id: ASSIGNED, window: { ...WINDOW, end: { utc: '2030-03-04 14:00:00' } } })) as IpcResult;
    expect(backwards).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await entries()).toEqual([]);
  });
});
