import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER, WebhookDeliverySchema } from '../../src-shared/api/webhook';
import { WorkOrderSchema } from '../../src-shared/api/work-order';
import { testMarketplace } from './support';
import { createOrder } from './work-orders-fixtures';
import { attempts, attemptThenSkipBackoff, closedUrl, deleteWebhook, deliveries, eventually, registerWebhook, startReceiver, updateWebhook } from './webhook-delivery-fixtures';

// Decisions §7, against real receivers on 127.0.0.1: the body and its signature, three attempts in
// all, no_retries (only a 404 is resent), refused connections and timeouts as failed attempts, and
// nothing for an inactive webhook. Backoffs are skipped by advancing the marketplace clock.

const CREATED = ['workorder.created'];

describe('webhook delivery', () => {
  it('posts the event with the full work order, signed with md5(secret + raw body)', async () => {
    const { marketplace, rest } = await testMarketplace();
    const signed = await startReceiver();
    const plain = await startReceiver();
    await registerWebhook(marketplace, { url: signed.url, secret: 'shh-its-a-secret', events: CREATED });
    await registerWebhook(marketplace, { url: plain.url, method: 'PUT', events: CREATED });

    const id = await createOrder(rest);
    // Queued inside the change's own call, before any network I/O: one body for both webhooks.
    const queued = deliveries(marketplace);
    expect(queued.map((row) => row.event)).toEqual(['workorder.created', 'workorder.created']);
    expect(queued[0]?.body).toBe(queued[1]?.body);

    await eventually(() => deliveries(marketplace).every((row) => row.status === 'delivered'), 'both delivered');
    const [delivery] = signed.received;
    expect(signed.received).toHaveLength(1);
    expect(delivery?.method).toBe('POST');
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(delivery?.headers.accept).toBe('application/json');
    const expected = createHash('md5').update(`shh-its-a-secret${delivery?.body}`).digest('hex');
    expect(delivery?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBe(expected);
    expect(delivery?.body).toBe(queued[0]?.body);

    const body = WebhookDeliverySchema.parse(JSON.parse(delivery?.body ?? ''));
    expect(body.event).toEqual({ name: 'workorder.created', params: { work_order_id: id, status_id: 1, previous_status_id: 0 } });
    expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.triggered_by_user?.id).toEqual(expect.any(Number));
    const fetched = await rest('GET', `workorders/${id}`);
    const workorder = WorkOrderSchema.parse(body.workorder);
    expect(workorder.id).toBe(id);
    expect(Object.keys(workorder).sort()).toEqual(Object.keys(fetched.body as object).sort());

    expect(plain.received.map((received) => received.method)).toEqual(['PUT']);
    expect(plain.received[0]?.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()]).toBeUndefined();
    expect(attempts(marketplace).map((attempt) => [attempt.attempt, attempt.status_code, attempt.error])).toEqual([
      [1, 200, null],
      [1, 200, null],
    ]);
  });

  it('tries a delivery answered 500 exactly three times, after 1 s then 4 s', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [1, 4] });
    const receiver = await startReceiver();
    receiver.answer = () => 500;
    await registerWebhook(marketplace, { url: receiver.url, events: CREATED });
    await createOrder(rest);

    await attemptThenSkipBackoff(marketplace, 1, 1);
    await attemptThenSkipBackoff(marketplace, 2, 4);
    await eventually(() => deliveries(marketplace)[0]?.status === 'failed', 'the delivery to fail');
    expect(attempts(marketplace).map((attempt) => [attempt.attempt, attempt.status_code, attempt.url])).toEqual([
      [1, 500, receiver.url],
      [2, 500, receiver.url],
      [3, 500, receiver.url],
    ]);
    expect(deliveries(marketplace)[0]?.attempts).toBe(3);
    // Every attempt sends the same bytes.
    expect(new Set(receiver.received.map((received) => received.body)).size).toBe(1);
    expect(receiver.received).toHaveLength(3);
  });

  it('waits for the backoff on the marketplace clock before resending', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [60, 60] });
    const receiver = await startReceiver();
    receiver.answer = (index) => (index === 0 ? 503 : 200);
    await registerWebhook(marketplace, { url: receiver.url, events: CREATED });
    await createOrder(rest);
    await eventually(() => attempts(marketplace).length === 1, 'the first attempt');
    marketplace.context.clock.advance(30);
    expect(deliveries(marketplace)[0]).toMatchObject({ status: 'pending', attempts: 1 });
    marketplace.context.clock.advance(30);
    await eventually(() => deliveries(marketplace)[0]?.status === 'delivered', 'the second attempt to deliver');
    expect(receiver.received).toHaveLength(2);
  });

  it('with no_retries, gives up after one 500 but resends a 404 up to three attempts', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [60, 60] });
    const failing = await startReceiver();
    failing.answer = () => 500;
    const missing = await startReceiver();
    missing.answer = () => 404;
    const failingId = await registerWebhook(marketplace, { url: failing.url, no_retries: true, events: CREATED });
    const missingId = await registerWebhook(marketplace, { url: missing.url, no_retries: true, events: CREATED });
    await createOrder(rest);

    const of = (webhookId: string) => deliveries(marketplace).find((row) => row.webhook_id === webhookId);
    await eventually(() => of(failingId)?.status === 'failed' && of(missingId)?.attempts === 1, 'the first attempts');
    marketplace.context.clock.advance(60);
    await eventually(() => of(missingId)?.attempts === 2, 'the second 404');
    marketplace.context.clock.advance(60);
    await eventually(() => of(missingId)?.status === 'failed', 'the third 404');
    expect(of(failingId)?.attempts).toBe(1);
    expect(failing.received).toHaveLength(1);
    expect(missing.received).toHaveLength(3);
  });

  it('counts a refused connection as a failed attempt', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [1, 4] });
    const url = await closedUrl();
    await registerWebhook(marketplace, { url, events: CREATED });
    await createOrder(rest);

    await attemptThenSkipBackoff(marketplace, 1, 1);
    await attemptThenSkipBackoff(marketplace, 2, 4);
    await eventually(() => deliveries(marketplace)[0]?.status === 'failed', 'the delivery to fail');
    const recorded = attempts(marketplace);
    expect(recorded.map((attempt) => attempt.attempt)).toEqual([1, 2, 3]);
    for (const attempt of recorded) {
      expect(attempt.status_code).toBeNull();
      expect(attempt.error).toMatch(/ECONNREFUSED/);
    }
  });

  it('counts no answer within webhookTimeoutSeconds as a failed attempt, and never records the secret', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookTimeoutSeconds: 0.5, webhookBackoffSeconds: [60, 60] });
    const receiver = await startReceiver();
    receiver.answer = () => 'hang';
    await registerWebhook(marketplace, { url: receiver.url, secret: 'do-not-log-me', events: CREATED });
    await createOrder(rest);

    const [attempt] = await eventually(() => attempts(marketplace).length === 1 && attempts(marketplace), 'the attempt to time out');
    expect(attempt).toMatchObject({ attempt: 1, status_code: null, error: 'No answer within 0.5 s' });
    expect(attempt?.duration_ms).toBeGreaterThanOrEqual(400);
    expect(deliveries(marketplace)[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(JSON.stringify(attempts(marketplace))).not.toContain('do-not-log-me');
  });

  it('sends nothing to an inactive webhook, nor to one made inactive after the event', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [60, 60] });
    const inactive = await startReceiver();
    const later = await startReceiver();
    later.answer = () => 500;
    const inactiveId = await registerWebhook(marketplace, { url: inactive.url, active: false, events: CREATED });
    const laterId = await registerWebhook(marketplace, { url: later.url, events: CREATED });
    await createOrder(rest);

    await eventually(() => attempts(marketplace).length === 1, 'the first attempt');
    expect(deliveries(marketplace).map((row) => row.webhook_id)).toEqual([laterId]);
    expect(deliveries(marketplace).some((row) => row.webhook_id === inactiveId)).toBe(false);

    await updateWebhook(marketplace, laterId, { active: false });
    marketplace.context.clock.advance(60);
    await eventually(() => deliveries(marketplace)[0]?.status === 'failed', 'the delivery to fail');
    expect(attempts(marketplace).map((attempt) => [attempt.attempt, attempt.status_code, attempt.error])).toEqual([
      [1, 500, null],
      [2, null, 'webhook inactive'],
    ]);
    expect(later.received).toHaveLength(1);
    expect(inactive.received).toHaveLength(0);
  });

  it('drops the pending deliveries of a deleted webhook', async () => {
    const { marketplace, rest } = await testMarketplace({ webhookBackoffSeconds: [60, 60] });
    const receiver = await startReceiver();
    receiver.answer = () => 500;
    const id = await registerWebhook(marketplace, { url: receiver.url, events: CREATED });
    await createOrder(rest);
    await eventually(() => attempts(marketplace).length === 1, 'the first attempt');
    await createOrder(rest);
    expect(deliveries(marketplace).map((row) => row.status)).toEqual(['pending', 'pending']);

    await deleteWebhook(marketplace, id);
    expect(deliveries(marketplace)).toEqual([]);
    expect(attempts(marketplace)).toEqual([]);
    marketplace.context.clock.advance(60);
    expect(receiver.received).toHaveLength(1);
  });
});
