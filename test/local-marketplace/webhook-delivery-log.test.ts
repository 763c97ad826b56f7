import { describe, expect, it } from 'vitest';
import { testMarketplace } from './support';
import { createOrder, transition } from './work-orders-fixtures';
import { attempts, deliveries, eventually, registerWebhook, startReceiver } from './webhook-delivery-fixtures';

// GET /__local/webhooks/deliveries: every attempt, newest first, filtered and paged, no token.

describe('the webhook delivery log', () => {
  it('lists every attempt newest first, with its filters and pages', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [60, 60] });
    const failing = await startReceiver();
    failing.answer = () => 500;
    const working = await startReceiver();
    const failingId = await registerWebhook(marketplace, { url: failing.url, events: ['workorder.created'] });
    const workingId = await registerWebhook(marketplace, { url: working.url, events: ['workorder.created', 'workorder.status.published'] });

    const id = await createOrder(rest);
    await eventually(() => attempts(marketplace).length === 2, 'both attempts on the new order');
    await transition(rest, 'POST', id, '/publish');
    await eventually(() => deliveries(marketplace).filter((row) => row.status === 'delivered').length === 2, 'the publish delivery');

    const log = async (query = '') => {
      const answer = await marketplace.app.inject({ method: 'GET', url: `/__local/webhooks/deliveries${query}` });
      return { status: answer.statusCode, body: answer.json() as { results: Record<string, unknown>[]; metadata: Record<string, number> } & Record<string, unknown> };
    };

    const all = await log();
    expect(all.status).toBe(200);
    expect(all.body.metadata).toEqual({ total: 3, page: 1, per_page: 100 });
    expect(all.body.results[0]).toMatchObject({
      webhook_id: workingId,
      event: 'workorder.status.published',
      work_order_id: id,
      attempt: 1,
      url: working.url,
      status_code: 200,
      error: null,
      delivery_status: 'delivered',
      duration_ms: expect.any(Number),
      delivery_id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    const times = all.body.results.map((result) => Date.parse(result.at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.body.results.find((result) => result.webhook_id === failingId)).toMatchObject({ status_code: 500, delivery_status: 'pending', attempt: 1 });

    const count = async (query: string) => (await log(query)).body.results.length;
    expect(await count(`?webhook_id=${failingId}`)).toBe(1);
    expect(await count(`?webhook_id=${workingId.toUpperCase()}`)).toBe(2);
    expect(await count('?status=delivered')).toBe(2);
    expect(await count('?status=failed')).toBe(0);
    expect(await count('?event=workorder.status.published')).toBe(1);
    expect(await count(`?work_order_id=${id}&event=workorder.created`)).toBe(2);
    expect(await count('?work_order_id=1')).toBe(0);

    const second = await log('?per_page=2&page=2');
    expect(second.body.metadata).toEqual({ total: 3, page: 2, per_page: 2 });
    expect(second.body.results).toEqual([all.body.results[2]]);
  });

  it('refuses filters it does not know the values of, and pages beyond the bound', async () => {
    const { marketplace } = await testMarketplace();
    for (const query of ['?status=lost', '?per_page=501', '?page=0', '?webhook_id=xyz', '?event=workorder.exploded', '?work_order_id=-3']) {
      const answer = await marketplace.app.inject({ method: 'GET', url: `/__local/webhooks/deliveries${query}` });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ code: 400, message: expect.stringContaining('Invalid query') });
    }
  });

  it('keeps only the newest finished deliveries, with their attempts, and never a pending one', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookDeliveriesKept: 2, webhookBackoffSeconds: [60, 60] });
    const working = await startReceiver();
    const failing = await startReceiver();
    failing.answer = () => 500;
    await registerWebhook(marketplace, { url: working.url, events: ['workorder.created'] });
    const failingId = await registerWebhook(marketplace, { url: failing.url, events: ['workorder.status.published'] });

    const first = await createOrder(rest);
    await transition(rest, 'POST', first, '/publish');
    await eventually(() => attempts(marketplace).some((row) => row.url === failing.url), 'the failing first attempt');
    const orders = [await createOrder(rest), await createOrder(rest), await createOrder(rest)];
    await eventually(() => working.received.length === 4, 'every created event');
    // The receiver has the last event before the marketplace marks it delivered: two delivered
    // rows alone may still be the two before it, so the wait is for the last two.
    const delivered = () => deliveries(marketplace).filter((row) => row.status === 'delivered').map((row) => row.work_order_id);
    await eventually(() => delivered().join() === orders.slice(1).join(), 'the last two delivered, the older pruned');

    const kept = deliveries(marketplace);
    expect(delivered()).toEqual(orders.slice(1));
    // Still waiting for its retry: a pending delivery is never pruned, however old.
    expect(kept.filter((row) => row.status === 'pending').map((row) => row.webhook_id)).toEqual([failingId]);
    expect(new Set(attempts(marketplace).map((row) => row.delivery_id))).toEqual(new Set(kept.map((row) => row.id)));
  });
});
