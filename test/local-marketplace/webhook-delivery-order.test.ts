import { describe, expect, it } from 'vitest';
import { testMarketplace } from './support';
import { createOrder, fileMarketplace, temporaryDatabase, transition } from './work-orders-fixtures';
import { attempts, deliveries, eventually, registerWebhook, startReceiver, type ReceivedDelivery } from './webhook-delivery-fixtures';

// The queue's guarantees (decisions §7): one webhook's deliveries keep event order through
// retries while other webhooks go on, and a restart neither loses a queued delivery nor delivers
// one twice.

const EVENTS = ['workorder.created', 'workorder.status.published'];

const eventNames = (received: ReceivedDelivery[]) => received.map((delivery) => (JSON.parse(delivery.body) as { event: { name: string } }).event.name);

describe('webhook delivery order', () => {
  it("holds a webhook's next event until the one before is delivered; other webhooks go on", async () => {
    // Backoffs far longer than the test: only advancing the clock resends.
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [60, 60] });
    const flaky = await startReceiver();
    flaky.answer = (index) => (index < 2 ? 500 : 200);
    const steady = await startReceiver();
    const flakyId = await registerWebhook(marketplace, { url: flaky.url, events: EVENTS });
    await registerWebhook(marketplace, { url: steady.url, events: EVENTS });

    const id = await createOrder(rest);
    await eventually(() => flaky.received.length === 1, 'the first attempt');
    await transition(rest, 'POST', id, '/publish');
    await eventually(() => steady.received.length === 2, 'the steady webhook to get both events');

    const ofFlaky = () => deliveries(marketplace).filter((row) => row.webhook_id === flakyId);
    expect(ofFlaky().map((row) => [row.event, row.status, row.attempts])).toEqual([
      ['workorder.created', 'pending', 1],
      ['workorder.status.published', 'pending', 0],
    ]);
    marketplace.context.clock.advance(60);
    // The second attempt's failure recorded, with its next due time, before the clock moves on:
    // advanced while the answer is still on its way, the backoff would start after the advance.
    await eventually(() => flaky.received.length === 2 && ofFlaky()[0]?.attempts === 2, 'the second attempt recorded');
    marketplace.context.clock.advance(60);
    await eventually(() => ofFlaky().every((row) => row.status === 'delivered'), 'both deliveries');

    expect(eventNames(flaky.received)).toEqual(['workorder.created', 'workorder.created', 'workorder.created', 'workorder.status.published']);
    expect(eventNames(steady.received)).toEqual(EVENTS);
  });

  it('delivers what was pending when the server closed, once, after a restart on the same database', async () => {
    const db = temporaryDatabase();
    const receiver = await startReceiver();
    receiver.answer = () => 500;
    const first = await fileMarketplace(db, { webhookBackoffSeconds: [60, 60] });
    await registerWebhook(first.marketplace, { url: receiver.url, events: EVENTS });
    const id = await createOrder(first.rest);
    await transition(first.rest, 'POST', id, '/publish');
    await eventually(() => attempts(first.marketplace).length === 1, 'the first attempt');
    expect(deliveries(first.marketplace).map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    await first.close();

    receiver.answer = () => 200;
    const second = await fileMarketplace(db);
    // The stored delivery keeps its due time on the stored marketplace clock: the backoff still has to pass.
    expect(deliveries(second.marketplace)[0]).toMatchObject({ status: 'pending', attempts: 1 });
    second.marketplace.context.clock.advance(60);
    await eventually(() => deliveries(second.marketplace).every((row) => row.status === 'delivered'), 'both deliveries after the restart');
    expect(eventNames(receiver.received)).toEqual(['workorder.created', 'workorder.created', 'workorder.status.published']);
    expect(attempts(second.marketplace).map((attempt) => [attempt.delivery_id, attempt.attempt, attempt.status_code])).toEqual([
      [1, 1, 500],
      [1, 2, 200],
      [2, 1, 200],
    ]);
  });

  it('resends an attempt cut off by closing, without counting it', async () => {
    const db = temporaryDatabase();
    const receiver = await startReceiver();
    receiver.answer = () => 'hang';
    const first = await fileMarketplace(db);
    await registerWebhook(first.marketplace, { url: receiver.url, events: EVENTS });
    await createOrder(first.rest);
    await eventually(() => receiver.received.length === 1, 'the attempt to reach the receiver');
    // Closing waits a moment for the answer that never comes, then cuts the attempt off.
    await first.close();

    receiver.answer = () => 200;
    const second = await fileMarketplace(db);
    await eventually(() => deliveries(second.marketplace)[0]?.status === 'delivered', 'the delivery after the restart');
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.body).toBe(receiver.received[0]?.body);
    expect(attempts(second.marketplace).map((attempt) => [attempt.attempt, attempt.status_code])).toEqual([[1, 200]]);
  });
});
