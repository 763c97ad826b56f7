import { describe, expect, it } from 'vitest';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { marketControl } from './market-control';
import { outboxApp, READY_ORDER } from './support';

interface Routed {
  routes?: { results?: { technician?: { id?: number } }[] };
}

describe('a route whose attempt may have reached the marketplace', () => {
  it('is sent again when the order is already routed to someone else, not taken as done by its status', async () => {
    const { call, drained, marketOrder, marketplace, changes } = await outboxApp();
    const created = await call<OutboxReceipt>('workorders:create', { order: READY_ORDER });
    const temp = created.id as number;
    await call('workorders:publish', { id: temp });
    await call('workorders:route', { id: temp, providerId: 3001 });
    await drained();
    const id = changes.flatMap((change) => (change as { renamed?: { from: number; to: number }[] }).renamed ?? []).find((rename) => rename.from === temp)?.to as number;

    // The connection drops before the marketplace reads the route: an uncertain failure, and nothing happened.
    const market = marketControl(await marketplace());
    await market.addFault({ status: 'drop', method: 'POST', path: 'workorders/*/route', count: 1 });
    await call('workorders:route', { id, providerId: 3002 });
    await drained();

    const order = (await marketOrder(id)) as Routed;
    expect((order.routes?.results ?? []).map((route) => route.technician?.id).sort()).toEqual([3001, 3002]);
  });
});
