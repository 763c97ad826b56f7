import { describe, expect, it } from 'vitest';
import { IMPORT_BATCH_MAX } from '../../../src-shared/ipc/import-channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp } from './support';

interface Order {
  id: number;
  title?: string;
  status?: { name: string };
}

const draft = (title: string) => ({ title, types_of_work: [{ id: 62, isPrimary: true }] });

describe('workorders:import: many drafts queued at once through the outbox', () => {
  it('queues each order as its own entry, shows them at once under temporary ids, and lands each on the marketplace', async () => {
    const { call, entries, drained, changes, marketOrder } = await outboxApp();
    const titles = ['Import one', 'Import two', 'Import three'];
    const { receipts } = await call<{ receipts: OutboxReceipt[] }>('workorders:import', { orders: titles.map(draft) });
    expect(receipts).toHaveLength(3);
    expect(new Set(receipts.map((receipt) => receipt.entryId)).size).toBe(3);
    for (const receipt of receipts) expect(receipt.id).toBeLessThan(0);
    const queued = await entries();
    expect(queued.map((entry) => entry.kind)).toEqual(['workorders:create', 'workorders:create', 'workorders:create']);
    expect(await call<Order>('workorders:get', { id: receipts[1]?.id as number })).toMatchObject({ title: 'Import two', status: { name: 'Draft' } });

    await drained();
    const renamed = changes.flatMap((change) => (change as { renamed?: { from: number; to: number }[] }).renamed ?? []);
    for (const [index, receipt] of receipts.entries()) {
      const real = renamed.find((rename) => rename.from === receipt.id)?.to;
      expect(real, `order ${index} was made`).toBeGreaterThan(0);
      expect(await marketOrder(real as number)).toMatchObject({ title: titles[index], status: { name: 'Draft' } });
    }
  });

  it('refuses the whole call with {code, message} naming the bad order, and queues none of it', async () => {
    const { invoke, entries } = await outboxApp({ signIn: false });
    const answer = await invoke('workorders:import', { orders: [draft('Fine'), { title: '' }, draft('Also fine')] });
    expect(answer).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    if (!answer.ok) expect(answer.error.message).toContain('orders.1.title');
    expect(await invoke('workorders:import', { orders: [] })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await invoke('workorders:import', { orders: [draft('x'), { title: 'y', types_of_work: [{ id: 999_999, isPrimary: true }] }] })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    const tooMany = Array.from({ length: IMPORT_BATCH_MAX + 1 }, (_, index) => draft(`Row ${index}`));
    expect(await invoke('workorders:import', { orders: tooMany })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await entries()).toEqual([]);
  });

  it('queues a full batch offline in one go, each searchable in the cache', async () => {
    const { call, entries } = await outboxApp({ signIn: false });
    const orders = Array.from({ length: IMPORT_BATCH_MAX }, (_, index) => draft(`Batch order ${index + 1}`));
    const { receipts } = await call<{ receipts: OutboxReceipt[] }>('workorders:import', { orders });
    expect(receipts).toHaveLength(IMPORT_BATCH_MAX);
    expect(new Set(receipts.map((receipt) => receipt.id)).size).toBe(IMPORT_BATCH_MAX);
    expect(await entries()).toHaveLength(IMPORT_BATCH_MAX);
    const found = await call<{ results: Order[]; pending: number[] }>('workorders:list', { search: '"Batch order 17"', per_page: 50 });
    expect(found.results.map((order) => order.title)).toContain('Batch order 17');
    expect(found.pending).toContain(receipts[16]?.id);
  });
});
