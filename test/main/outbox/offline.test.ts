import { describe, expect, it } from 'vitest';
import type { ConnectivityStatus } from '../../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { marketControl } from './market-control';
import { outboxApp, READY_ORDER, until } from './support';

interface Order {
  id: number;
  title: string;
  status: { name: string };
  integration?: { id?: string | number | null } | null;
}
interface Detail {
  order: Order;
  complete: boolean;
  expenses: { id: number; description: string }[];
}
type Rename = { from: number; to: number };

const JOBS = 3;
const renamesIn = (payloads: unknown[]) => payloads.flatMap((payload) => (payload as { renamed?: Rename[] }).renamed ?? []);

describe('the outbox offline', () => {
  it('with every REST call dropped, queues creates and their dependent edits, searchable at once; when the network returns they land, and the temporary ids resolve in the cache and in the renderer', async () => {
    const { app, call, invoke, drained, changes, marketplace } = await outboxApp();
    const market = marketControl(await marketplace());
    const connectivity: ConnectivityStatus[] = [];
    const locationChanges: unknown[] = [];
    app.events.subscribe((event, payload) => {
      if (event === 'connectivity:did-change') connectivity.push(payload as ConnectivityStatus);
      if (event === 'locations:did-change') locationChanges.push(payload);
    });
    await market.addFault({ status: 'drop' });

    const jobs: { temp: number; entryId: string; title: string }[] = [];
    for (let job = 1; job <= JOBS; job += 1) {
      const created = await call<OutboxReceipt>('workorders:create', { order: { ...READY_ORDER, title: `Basement job ${job}` } });
      const temp = created.id as number;
      const title = `Basement job ${job}, second floor`;
      await call('workorders:update', { id: temp, changes: { title } });
      await call('expenses:add', { workOrderId: temp, expense: { description: `Basement parking ${job}`, amount: 12 } });
      await call('messages:send', { workOrderId: temp, message: `Basement note ${job}` });
      await call('workorders:publish', { id: temp });
      jobs.push({ temp, entryId: created.entryId, title });
    }
    const site = await call<OutboxReceipt>('locations:create', { location: { name: 'Basement depot', address1: '400 Pine St', city: 'Seattle', state: 'WA', zip: '98101', country: 'US' } });
    await call('locations:update', { id: site.id, changes: { address2: 'Loading dock B' } });
    const queued = JOBS * 5 + 2;

    // At once, before any answer: searchable under their temporary ids, as they will be.
    const temps = jobs.map((job) => job.temp);
    expect(temps.every((temp) => temp < 0)).toBe(true);
    const found = await call<{ results: Order[] }>('workorders:list', { search: 'Basement second floor' });
    expect(found.results.map((order) => order.id).sort()).toEqual([...temps].sort());
    expect(found.results.every((order) => order.status.name === 'Published')).toBe(true);
    const detail = await call<Detail>('workorders:detail', { id: temps[0] });
    expect(detail.expenses.map((expense) => expense.description)).toEqual(['Basement parking 1']);
    // The app's own document is whole: nothing of it waits for a pull.
    expect(detail.complete).toBe(true);
    expect((await call<{ id: number; address2?: string }[]>('locations:search', { text: 'Basement depot' })).map(({ id, address2 }) => ({ id, address2 }))).toEqual([
      { id: site.id, address2: 'Loading dock B' },
    ]);

    // The first failed send takes the app offline; everything waits, counted, nothing refused.
    const offline = await until(() => call<ConnectivityStatus>('connectivity:status'), (status) => status.state === 'offline', 'offline');
    expect(offline).toMatchObject({ pending: queued, refused: 0, signedIn: true });
    const [rule] = await market.faults();
    expect(rule?.applied).toBeGreaterThan(0);
    expect(rule?.applied).toBe(rule?.seen);

    // The network returns: the probe finds it by itself, and the queue drains.
    await market.clearFaults();
    await until(() => call<ConnectivityStatus>('connectivity:status'), (status) => status.state === 'online', 'online again');
    await drained();
    const states = connectivity.map((status) => status.state).filter((state, index, all) => state !== all[index - 1]);
    expect(states.slice(-2)).toEqual(['offline', 'online']);
    expect(await call('connectivity:status')).toMatchObject({ state: 'online', pending: 0, refused: 0 });

    // The renderer is told each temporary id's real one, once.
    const renamed = renamesIn(changes);
    expect(renamed.map((rename) => rename.from).sort()).toEqual([...temps].sort());
    const real = (temp: number) => renamed.find((rename) => rename.from === temp)?.to as number;
    expect(temps.map(real).every((id) => id > 0)).toBe(true);
    const siteRenames = renamesIn(locationChanges);
    expect(siteRenames).toEqual([{ from: site.id, to: expect.any(Number) }]);

    // The cache answers the real ids; the temporary ones are gone.
    for (const job of jobs) {
      const order = await call<Detail>('workorders:detail', { id: real(job.temp) });
      expect(order.order).toMatchObject({ id: real(job.temp), title: job.title, status: { name: 'Published' } });
      expect(order.expenses.map((expense) => expense.description)).toEqual([`Basement parking ${jobs.indexOf(job) + 1}`]);
      expect(await invoke('workorders:get', { id: job.temp })).toMatchObject({ ok: false, error: { code: 'WORK_ORDER_NOT_FOUND' } });
    }
    const search = await call<{ results: Order[] }>('workorders:list', { search: 'Basement second floor' });
    expect(search.results.map((order) => order.id).sort()).toEqual(temps.map(real).sort());
    const siteId = siteRenames[0]?.to as number;
    expect((await call<{ id: number; address2?: string }[]>('locations:search', { text: 'Basement depot' })).map(({ id, address2 }) => ({ id, address2 }))).toEqual([
      { id: siteId, address2: 'Loading dock B' },
    ]);

    // And the marketplace has each once, with its edits.
    for (const job of jobs) {
      const order = await market.get<Order>(`workorders/${real(job.temp)}`);
      expect(order).toMatchObject({ title: job.title, status: { name: 'Published' }, integration: { id: job.entryId } });
      const { results: messages } = await market.get<{ results: { message: string }[] }>(`workorders/${real(job.temp)}/messages`);
      expect(messages.map((message) => message.message)).toEqual([`Basement note ${jobs.indexOf(job) + 1}`]);
    }
    const { results: sites } = await market.get<{ results: { id: number; address2?: string }[] }>('locations?f_search=Basement%20depot');
    expect(sites.map(({ id, address2 }) => ({ id, address2 }))).toEqual([{ id: siteId, address2: 'Loading dock B' }]);
  });
});
