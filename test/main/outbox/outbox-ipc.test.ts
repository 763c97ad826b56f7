import { describe, expect, it } from 'vitest';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp, READY_ORDER, until } from './support';

interface Order {
  id: number;
  title?: string;
  status?: { id: number; name: string };
  integration?: { id?: string | number | null } | null;
}

describe('the outbox through IPC, against the local marketplace', () => {
  it('queues a create and its dependent edits at once under a temporary id, then lands them in order and renames the id', async () => {
    const { call, entries, drained, changes, marketOrder } = await outboxApp();
    const created = await call<OutboxReceipt>('workorders:create', { order: READY_ORDER });
    expect(created.id).toBeLessThan(0);
    const temp = created.id as number;
    await call('workorders:update', { id: temp, changes: { title: 'Install three POS terminals' } });
    await call('workorders:publish', { id: temp });

    // Shown at once, searchable, as it will be.
    const shown = await call<Order>('workorders:get', { id: temp });
    expect(shown).toMatchObject({ id: temp, title: 'Install three POS terminals', status: { name: 'Published' } });
    const found = await call<{ results: Order[] }>('workorders:list', { search: 'three POS' });
    expect(found.results.map((order) => order.id)).toContain(temp);

    await drained();
    const renamed = changes.flatMap((change) => (change as { renamed?: { from: number; to: number }[] }).renamed ?? []);
    const real = renamed.find((rename) => rename.from === temp)?.to;
    expect(real).toBeGreaterThan(0);
    expect((await call<{ results: Order[] }>('workorders:list', { search: 'three POS' })).results.map((order) => order.id)).toEqual([real]);
    const onMarket = await marketOrder(real as number);
    expect(onMarket).toMatchObject({ title: 'Install three POS terminals', status: { name: 'Published' }, integration: { id: created.entryId } });
    expect(await entries()).toEqual([]);
  });

  it('files a refusal in the conflict inbox with its reason, undoes only its change, holds the later ones, and lands after an edit and retry', async () => {
    const { call, invoke, entries, drained, expectOk } = await outboxApp();
    const { results } = await call<{ results: Order[] }>('workorders:list', { list: 'workorders_draft', per_page: 1 });
    const order = results[0] as Order;
    const bad = await call<OutboxReceipt>('workorders:update', { id: order.id, changes: { title: 'Renamed by the coordinator', client: { id: 987654 } } });
    await call('workorders:update', { id: order.id, changes: { incident_id: 'INC-42' } });

    const refused = await until(entries, (list) => list.some((entry) => entry.state === 'refused'), 'the refusal');
    expect(refused[0]).toMatchObject({ id: bad.entryId, state: 'refused', error: { code: 'API_REJECTED' } });
    expect(refused[0]?.error?.fields).toContain('client.id');
    expect(refused[1]).toMatchObject({ state: 'held' });
    // The refused title is undone; the held change stays shown.
    expect(await call<Order & { incident_id?: string }>('workorders:get', { id: order.id })).toMatchObject({ title: order.title, incident_id: 'INC-42' });

    // An edit that its channel's schema refuses changes nothing, and says why.
    expect(await invoke('outbox:edit', { entryId: bad.entryId, input: { id: order.id, changes: {} } })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await invoke('outbox:edit', { entryId: bad.entryId, input: { id: order.id + 1, changes: { title: 'x' } } })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect((await entries())[0]).toMatchObject({ id: bad.entryId, state: 'refused' });
    // Edit and retry: the same change without the client the marketplace does not know.
    expectOk(await invoke('outbox:edit', { entryId: bad.entryId, input: { id: order.id, changes: { title: 'Renamed by the coordinator' } } }));
    await drained();
    expect(await call<Order & { incident_id?: string }>('workorders:get', { id: order.id })).toMatchObject({ title: 'Renamed by the coordinator', incident_id: 'INC-42' });
  });

  it('discards a refused change after the coordinator says so, and the order is the marketplace’s again', async () => {
    const { call, entries } = await outboxApp();
    const { results } = await call<{ results: Order[] }>('workorders:list', { list: 'workorders_draft', per_page: 1 });
    const order = results[0] as Order;
    const bad = await call<OutboxReceipt>('workorders:update', { id: order.id, changes: { title: 'Never', client: { id: 987654 } } });
    await until(entries, (list) => list[0]?.state === 'refused', 'the refusal');
    // The list marks the order refused, until the coordinator discards (or retries) the change.
    const draftPage = { list: 'workorders_draft', per_page: 100 };
    expect((await call<{ refused: number[] }>('workorders:list', draftPage)).refused).toEqual([order.id]);
    expect(await call('outbox:discard', { entryId: bad.entryId })).toEqual({ discarded: [bad.entryId] });
    expect(await entries()).toEqual([]);
    expect((await call<{ refused: number[] }>('workorders:list', draftPage)).refused).toEqual([]);
    expect(await call<Order>('workorders:get', { id: order.id })).toMatchObject({ title: order.title });
  });

  it('answers {code, message} to invalid input on every write channel and queues nothing', async () => {
    const { invoke, entries } = await outboxApp({ signIn: false });
    const invalid: [string, unknown][] = [
      ['workorders:create', { order: { title: '' } }],
      ['workorders:create', { order: { title: 'x', unknown: 1 } }],
      ['workorders:update', { id: 0, changes: { title: 'x' } }],
      ['workorders:update', { id: 5, changes: {} }],
      ['workorders:publish', { id: 'five' }],
      ['workorders:assign', { id: 5 }],
      ['workorders:auto-dispatch', { ids: [] }],
      ['workorders:cancel', { id: 5, reason: -1 }],
      ['attachments:upload', { workOrderId: 5 }],
      ['attachments:upload', { workOrderId: 5, path: '/a', stagedId: '3f1c3e0e-8d7e-4f43-9f61-2f6f0b1c9a10' }],
      ['attachments:review', { workOrderId: 5, attachmentId: 6, status: 'denied' }],
      ['expenses:add', { workOrderId: 5, expense: { description: 'Parking', amount: -3 } }],
      ['messages:send', { workOrderId: 5, message: '   ' }],
      ['locations:create', { location: { name: 'HQ' } }],
      ['locations:update', { id: 5, changes: { country: 'XX' } }],
      ['talent-pools:set-attributes', { poolId: 1, providerId: 2, attributes: [{ name: 'a', value: '1' }, { name: 'a', value: '2' }] }],
      ['talent-pools:delete-attribute', { poolId: 1, providerId: 2, attributeId: 'nope' }],
      ['outbox:retry', { entryId: 'not-a-uuid' }],
      ['connectivity:set-offline', { offline: 'yes' }],
    ];
    for (const [channel, input] of invalid) {
      const result = await invoke(channel, input);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT', message: expect.any(String) } });
    }
    expect(await entries()).toEqual([]);
  });

  it('holds every send while working offline, and drains when switched back', async () => {
    const { call, entries, drained, marketOrder } = await outboxApp();
    const { results } = await call<{ results: Order[] }>('workorders:list', { list: 'workorders_draft', per_page: 1 });
    const order = results[0] as Order;
    expect(await call('connectivity:set-offline', { offline: true })).toMatchObject({ state: 'working-offline' });
    await call('workorders:update', { id: order.id, changes: { title: 'Edited in the basement' } });
    expect(await call('connectivity:status')).toMatchObject({ state: 'working-offline', pending: 1 });
    expect((await entries())[0]).toMatchObject({ state: 'waiting', attempts: 0 });
    expect((await marketOrder(order.id)).title).toBe(order.title);
    await call('connectivity:set-offline', { offline: false });
    await drained();
    expect((await marketOrder(order.id)).title).toBe('Edited in the basement');
  });

  it('waits out the undo window of an approve, and discarding inside it is the Undo', async () => {
    const { call, entries } = await outboxApp({ undoSeconds: 30 });
    const { results } = await call<{ results: Order[] }>('workorders:list', { list: 'workorders_work_done', per_page: 1 });
    const order = results[0] as Order;
    const approve = await call<OutboxReceipt>('workorders:approve', { id: order.id });
    expect(await call<Order>('workorders:get', { id: order.id })).toMatchObject({ status: { name: 'Approved' } });
    expect((await entries())[0]).toMatchObject({ state: 'scheduled', notBefore: expect.any(Number) });
    await call('outbox:discard', { entryId: approve.entryId });
    expect(await call<Order>('workorders:get', { id: order.id })).toMatchObject({ status: { name: 'Work Done' } });
    expect(await entries()).toEqual([]);
  });
});
