import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { untilPulls } from '../app/support';
import { marketControl } from './market-control';
import { outboxApp, until } from './support';

// The technician's ETA between the app and the local marketplace (decisions §6): cached with the
// order, set through the outbox while Assigned, online and offline; the provider's confirmation
// reaches the cache at the next pull.

interface EtaShape {
  mode?: string;
  start?: { utc?: string; local?: unknown } | null;
  end?: { utc?: string } | null;
  notes?: string;
  status?: { name?: string };
  user?: { id: number } | null;
}
interface Order {
  id: number;
  eta?: EtaShape | null;
  assignee?: { user?: { id: number } } | null;
}

/** A seeded Assigned order without a sub-status, and a seeded draft (local marketplace seed). */
const ASSIGNED = 10018;
const DRAFT = 10002;
const WINDOW = { mode: 'between', start: { utc: '2030-02-01 14:00:00' }, end: { utc: '2030-02-01 16:00:00' }, notes: 'Call on arrival' } as const;

describe('the ETA in the app', () => {
  it('is pulled with the order, and set through the outbox: shown at once, then the marketplace has it', async () => {
    const { call, drained, marketOrder } = await outboxApp();
    const pulled = await call<Order>('workorders:get', { id: ASSIGNED });
    expect(pulled.eta).toEqual((await marketOrder(ASSIGNED)).eta);
    expect(pulled.eta?.status?.name).toBe('unconfirmed');

    await call('workorders:set-eta', { id: ASSIGNED, eta: WINDOW });
    const shown = await call<Order>('workorders:get', { id: ASSIGNED });
    expect(shown.eta).toMatchObject({ mode: 'between', start: { utc: WINDOW.start.utc }, end: { utc: WINDOW.end.utc }, notes: 'Call on arrival', status: { name: 'set' } });
    await drained();
    const theirs = (await marketOrder(ASSIGNED)).eta as EtaShape;
    expect(theirs).toMatchObject({ mode: 'between', start: { utc: WINDOW.start.utc }, end: { utc: WINDOW.end.utc }, notes: 'Call on arrival', status: { name: 'set' } });
    // The marketplace's answer (with the site's local times and the technician) replaces what was shown.
    const cached = await call<Order>('workorders:get', { id: ASSIGNED });
    expect(cached.eta).toMatchObject({ start: { local: expect.any(Object) }, user: { id: expect.any(Number) }, status: { name: 'set' } });
  });

  it('refuses at once unless the order is Assigned, and an ETA that does not hold together', async () => {
    const { invoke, entries } = await outboxApp();
    const draft = (await invoke('workorders:set-eta', { id: DRAFT, eta: WINDOW })) as IpcResult;
    expect(draft).toMatchObject({ ok: false, error: { code: 'OUTBOX_NOT_ALLOWED', message: 'The ETA can be set only while the order is Assigned; it is Draft.' } });
    const backwards = (await invoke('workorders:set-eta', { id: ASSIGNED, eta: { ...WINDOW, end: { utc: '2030-02-01 13:00:00' } } })) as IpcResult;
    expect(backwards).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    const hoursWithout = (await invoke('workorders:set-eta', { id: ASSIGNED, eta: { mode: 'hours', start: WINDOW.start } })) as IpcResult;
    expect(hoursWithout).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await entries()).toEqual([]);
  });

  it('offline, is queued and shown; it lands when the network returns', async () => {
    const { call, drained, marketOrder, marketplace } = await outboxApp();
    const market = marketControl(await marketplace());
    await market.addFault({ status: 'drop' });
    const hours = { mode: 'hours', start: { utc: '2030-02-02 08:00:00' }, hour_estimate: 3 };
    await call('workorders:set-eta', { id: ASSIGNED, eta: hours });
    await until(() => call<{ state: string }>('connectivity:status'), (status) => status.state === 'offline', 'offline');
    expect((await call<Order>('workorders:get', { id: ASSIGNED })).eta).toMatchObject({ mode: 'hours', start: { utc: '2030-02-02 08:00:00' }, status: { name: 'set' } });
    // Waiting, marked pending on its row (the marketplace cannot be asked while every request is dropped).
    expect((await call<{ pending: number[] }>('workorders:list', { workOrderId: ASSIGNED })).pending).toEqual([ASSIGNED]);
    await market.clearFaults();
    await drained();
    expect((await marketOrder(ASSIGNED)).eta).toMatchObject({ mode: 'hours', hour_estimate: 3, status: { name: 'set' } });
  });

  it("the provider's confirmation reaches the cache at the next pull", async () => {
    const { call, progress, marketplace } = await outboxApp();
    const listening = await marketplace();
    const provider = (await call<Order>('workorders:get', { id: ASSIGNED })).assignee?.user?.id;
    const confirmed = await listening.marketplace.app.inject({ method: 'POST', url: '/__local/simulate/confirm', payload: { work_order_id: ASSIGNED, provider_id: provider } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await call('sync:now');
    await untilPulls(progress, 2);
    expect((await call<Order>('workorders:get', { id: ASSIGNED })).eta?.status?.name).toBe('confirmed');
  });
});
