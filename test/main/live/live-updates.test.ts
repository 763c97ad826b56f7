import { afterEach, describe, expect, it } from 'vitest';
import type { Webhook } from '../../../src-shared/api/webhook';
import type { InboxPage } from '../../../src-shared/ipc/inbox';
import { deliverySignature } from '../../../src-main/local-marketplace/webhooks/delivery-sender';
import { startDeliveryReceiver, type DeliveryReceiver, type LiveDelivery } from '../../../src-main/live/delivery-receiver';
import { canReceiveDeliveries, LiveUpdates, MINUTE_POLL_MS, pollIntervalMs, REFRESH_AT_MOST } from '../../../src-main/live/live-updates';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { until } from '../../support/until';
import { appUnderTest, untilPulls } from '../app/support';

const receivers: DeliveryReceiver[] = [];
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
});

const body = (workOrderId: unknown, name = 'workorder.message_posted') => JSON.stringify({ event: { name, params: { work_order_id: workOrderId } }, timestamp: new Date(0).toISOString(), workorder: null });

async function post(receiver: DeliveryReceiver, text: string, signature?: string, url = receiver.url) {
  const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'Svc-Hash': signature }) }, body: text });
  const answerText = await answer.text();
  return { status: answer.status, body: answerText ? (JSON.parse(answerText) as unknown) : undefined };
}

describe('the delivery receiver', () => {
  it('takes a signed delivery and refuses unsigned, missigned, malformed and misaddressed ones with a typed error', async () => {
    const got: LiveDelivery[] = [];
    const receiver = await startDeliveryReceiver({ installId: 'abc', onDelivery: (delivery) => got.push(delivery) });
    receivers.push(receiver);
    expect(receiver.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/field-desk\/live\/abc\/[0-9a-f]{32}$/);

    const good = body(10019);
    expect(await post(receiver, good, deliverySignature(receiver.secret, good))).toEqual({ status: 204, body: undefined });
    expect(got.map((delivery) => delivery.event.params.work_order_id)).toEqual([10019]);

    expect(await post(receiver, good)).toEqual({ status: 401, body: { code: 'LIVE_DELIVERY_UNSIGNED', message: expect.any(String) } });
    expect((await post(receiver, good, deliverySignature('another secret', good))).status).toBe(401);
    expect((await post(receiver, `${good} `, deliverySignature(receiver.secret, good))).status).toBe(401);
    const broken = '{"event":';
    expect(await post(receiver, broken, deliverySignature(receiver.secret, broken))).toEqual({ status: 400, body: { code: 'LIVE_DELIVERY_INVALID', message: expect.any(String) } });
    expect((await post(receiver, good, deliverySignature(receiver.secret, good), receiver.url.replace(/\/[0-9a-f]{32}$/, '/0'))).status).toBe(404);
    // Signed but naming no order: answered (so not resent), and not acted on.
    const orderless = body(null);
    expect((await post(receiver, orderless, deliverySignature(receiver.secret, orderless))).status).toBe(204);
    expect(got).toHaveLength(1);
  });

  it('refuses a body past its limit without reading it all', async () => {
    const receiver = await startDeliveryReceiver({ installId: 'abc', onDelivery: () => undefined });
    receivers.push(receiver);
    const huge = 'x'.repeat(3 * 1024 * 1024);
    const status = await fetch(receiver.url, { method: 'POST', body: huge }).then(
      (answer) => answer.status,
      () => 'connection closed',
    );
    expect([413, 'connection closed']).toContain(status);
  });
});

describe('live updates', () => {
  it('push only where the marketplace runs on this machine, and poll each minute only while the in-flight list is short', () => {
    expect(canReceiveDeliveries('http://127.0.0.1:4010/api/rest/v2')).toBe(true);
    expect(canReceiveDeliveries('http://localhost:4010/api/rest/v2')).toBe(true);
    expect(canReceiveDeliveries('https://api.example.com/api/rest/v2')).toBe(false);
    expect(canReceiveDeliveries('not a url')).toBe(false);
    expect(pollIntervalMs('push', 10, 300_000)).toBe(300_000);
    expect(pollIntervalMs('poll', 120, 300_000)).toBe(MINUTE_POLL_MS);
    expect(pollIntervalMs('poll', 5_000, 300_000)).toBe(300_000);
  });

  it('refresh each order of a burst once, remove what an earlier run of this install left, and remove their own webhook on stop', async () => {
    const hooks: Webhook[] = [
      { _id: 'a'.repeat(24), company_id: 1, url: 'http://127.0.0.1:9/field-desk/live/me/old', method: 'POST', active: true, events: [], no_retries: false } as unknown as Webhook,
      { _id: 'b'.repeat(24), company_id: 1, url: 'http://127.0.0.1:9/field-desk/live/someone-else/x', method: 'POST', active: true, events: [], no_retries: false } as unknown as Webhook,
      { _id: 'c'.repeat(24), company_id: 1, url: 'https://erp.example.com/hooks', method: 'POST', active: true, events: [], no_retries: false } as unknown as Webhook,
    ];
    const deleted: string[] = [];
    let created: { url: string; secret?: string } | undefined;
    const client = {
      list: async () => hooks,
      create: async (webhook: { url: string; secret?: string }) => {
        created = webhook;
        return { _id: 'd'.repeat(24) } as Webhook;
      },
      delete: async (id: string) => void deleted.push(id),
    };
    const refreshed: number[] = [];
    const pulls: number[] = [];
    const live = new LiveUpdates({ webhooks: async () => ({ client, companyId: 1 }) as never, refresh: async (id) => void refreshed.push(id), pull: async () => void pulls.push(1), ownUserId: () => 7, installId: 'me', burstMs: 1_000, logger: createMemoryLogger() });
    expect(await live.start()).toBe('push');
    expect(deleted).toEqual(['a'.repeat(24)]);
    const url = created?.url as string;
    const secret = created?.secret as string;
    // The coordinator's own reply (user 7) is not news: the outbox's answer stored it.
    const own = JSON.stringify({ event: { name: 'workorder.message_posted', params: { work_order_id: 10030 } }, triggered_by_user: { id: 7 } });
    await fetch(url, { method: 'POST', headers: { 'Svc-Hash': deliverySignature(secret, own) }, body: own });
    for (const id of [10019, 10025, 10019]) {
      const text = body(id);
      await fetch(url, { method: 'POST', headers: { 'Svc-Hash': deliverySignature(secret, text) }, body: text });
    }
    await until(async () => refreshed, (ids) => ids.length >= 2, 'the burst refreshed', 5_000, 10);
    expect(refreshed.sort()).toEqual([10019, 10025]);
    expect(pulls).toEqual([]);
    // A burst naming more orders than a refresh each is worth: one pull.
    await Promise.all(
      Array.from({ length: REFRESH_AT_MOST + 1 }, (_unused, index) => {
        const text = body(20_000 + index);
        return fetch(url, { method: 'POST', headers: { 'Svc-Hash': deliverySignature(secret, text) }, body: text });
      }),
    );
    await until(async () => pulls, (done) => done.length === 1, 'the pull', 5_000, 10);
    expect(refreshed).toHaveLength(2);
    await live.stop();
    expect(deleted).toEqual(['a'.repeat(24), 'd'.repeat(24)]);
    await expect(fetch(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('poll when the webhook service is not configured or refuses the webhook', async () => {
    const logger = createMemoryLogger();
    expect(await new LiveUpdates({ webhooks: async () => undefined, refresh: async () => undefined, pull: async () => undefined, ownUserId: () => undefined, installId: 'me', logger }).start()).toBe('poll');
    const refusing = { list: async () => [], create: async () => Promise.reject(new Error('401')), delete: async () => undefined };
    expect(await new LiveUpdates({ webhooks: async () => ({ client: refusing, companyId: 1 }) as never, refresh: async () => undefined, pull: async () => undefined, ownUserId: () => undefined, installId: 'me', logger }).start()).toBe('poll');
  });

  it('bring a provider’s message to the inbox without a pull, and keep their webhook off the Webhooks screen', async () => {
    const harness = appUnderTest();
    const { call } = harness;
    await call('session:sign-in', {});
    await untilPulls(harness.progress);
    const market = await harness.marketplace();
    const pulls = harness.progress.filter((status) => status.state === 'syncing').length;
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const target = results[0];
    const order = await call<{ assignee: { user: { id: number } } }>('workorders:get', { id: target?.id });
    const answer = await market.marketplace.app.inject({
      method: 'POST',
      url: '/__local/simulate/message',
      payload: { work_order_id: target?.id, provider_id: order.assignee.user.id, message: 'At the gate, nobody answers.' },
    });
    expect(answer.statusCode).toBeLessThan(300);
    const inbox = await until(
      () => call<InboxPage>('inbox:list', { kind: 'message', workOrderId: target?.id }),
      (page) => page.items.some((item) => item.what.includes('At the gate')),
      'the message in the inbox',
      20_000,
      50,
    );
    expect(inbox.items[0]?.read).toBe(false);
    expect(harness.progress.filter((status) => status.state === 'syncing').length).toBe(pulls);
    expect(await call<unknown[]>('webhooks:list')).toEqual([]);
  });
});
