import { describe, expect, it } from 'vitest';
import { ProviderRequestListSchema } from '../../src-shared/api/provider';
import { MessageListSchema } from '../../src-shared/api/message';
import { ShipmentListSchema } from '../../src-shared/api/shipment';
import { TimeLogListSchema } from '../../src-shared/api/time-log';
import { seedProviderSide } from '../../src-main/local-marketplace/simulation/demo-seed';
import { testMarketplace } from './support';

// The provider side of the demo orders (simulation/demo-seed.ts): consistent with each order's
// status and sub-status, and the same on every seed.

async function seeded() {
  const test = await testMarketplace();
  const { db } = test.marketplace.context;
  // Until seed/index.ts calls it within the demo seed, the test seeds it itself.
  if (!db.prepare('SELECT 1 FROM provider_requests LIMIT 1').get()) db.transaction(() => seedProviderSide(test.marketplace.context))();
  return test;
}

describe('the demo seed of the provider side', () => {
  it('gives open orders requests, and assigned and finished ones their records', async () => {
    const { rest } = await seeded();
    expect((await rest('GET', 'workorders/10007/requests/1')).body).toMatchObject({ id: 1, work_order: { id: 10007 }, user: { id: 3003 }, active: true, counter: false });
    const requests = ProviderRequestListSchema.parse((await rest('GET', 'workorders/10010/requests')).body);
    expect(requests.results.map((request) => [request.user?.id, request.counter, request.active])).toEqual([
      [3014, true, true],
      [3002, false, true],
      [3017, false, true],
    ]);
    expect((await rest('GET', 'workorders/10009/requests')).body.results[0]).toMatchObject({ expired: true, active: false });
    expect((await rest('GET', 'workorders/10010/providers?list=find_providers_pending_assignment')).body.metadata.total).toBe(3);

    const onSite = TimeLogListSchema.parse((await rest('GET', 'workorders/10021/time_logs')).body);
    expect(onSite.results).toEqual([expect.objectContaining({ out: null })]);
    expect((await rest('GET', 'workorders/10021/status')).body.sub_status).toBe('checked_in');
    expect((await rest('GET', 'workorders/10022/time_logs')).body).toMatchObject({ hours: 3 });
    expect((await rest('GET', 'workorders/10033/time_logs')).body.results).toEqual([expect.objectContaining({ verified: true })]);

    const messages = MessageListSchema.parse((await rest('GET', 'workorders/10019/messages')).body);
    expect(messages.results[0]?.replies).toHaveLength(1);
    expect((await rest('GET', 'workorders/10024/messages')).body.unread).toBe(1);
    expect(ShipmentListSchema.parse((await rest('GET', 'workorders/10020/shipments')).body).results[0]).toMatchObject({ status: 'en route', direction: 'to site' });
    expect((await rest('GET', 'workorders/10026/swaps')).body.results).toEqual([expect.objectContaining({ id: 'swap-10026-1', status: 'pending' })]);
  });

  it('leaves a pending swap the buyer can accept', async () => {
    const { rest } = await seeded();
    expect((await rest('POST', 'workorders/10026/swaps/swap-10026-1/accept')).body).toEqual({ success: true });
    expect((await rest('GET', 'workorders/10026')).body.assignee.user.id).toBe(3015);
  });

  it('is the same on every seed', async () => {
    const paths = ['workorders/10007/requests', 'workorders/10019/messages', 'workorders/10027/time_logs', 'workorders/10028/shipments'];
    const read = async () => {
      const { rest } = await seeded();
      return Promise.all(paths.map(async (path) => JSON.stringify((await rest('GET', path)).body).replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}|"(date|time)":"[^"]*"/g, 'T')));
    };
    expect(await read()).toEqual(await read());
  });
});
