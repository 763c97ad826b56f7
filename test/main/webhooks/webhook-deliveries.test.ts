import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Webhook, WebhookDeliveryAttempt } from '../../../src-shared/api/webhook';
import { HttpTransport } from '../../../src-main/api-client/http-transport';
import { WebhookAdmin } from '../../../src-main/webhooks/webhook-admin';
import type { Connectivity } from '../../../src-main/outbox/connectivity';
import { until } from '../../support/until';
import { appUnderTest, untilPulls } from '../app/support';

interface DeliveryLog {
  available: boolean;
  attempts: WebhookDeliveryAttempt[];
  total: number;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A receiver on loopback that answers `status` and records what it was sent. */
async function receiver(status: number): Promise<{ url: string; received: { event: string }[] }> {
  const received: { event: string }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ event: (JSON.parse(body) as { event: { name: string } }).event.name });
      response.writeHead(status).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

describe('webhooks:deliveries: the delivery log of the local marketplace, through IPC', () => {
  it('lists a webhook’s attempts newest first with their status codes and durations, and only its own', async () => {
    const harness = appUnderTest();
    const { call } = harness;
    await call('session:sign-in', {});
    await untilPulls(harness.progress);
    const target = await receiver(204);
    const other = await receiver(500);
    const watched = await call<Webhook>('webhooks:create', { webhook: { url: target.url, method: 'POST', active: true, events: ['workorder.status.published'], no_retries: true } });
    const unwatched = await call<Webhook>('webhooks:create', { webhook: { url: other.url, method: 'POST', active: true, events: [], no_retries: true } });
    expect(await call<DeliveryLog>('webhooks:deliveries', { webhookId: watched._id })).toEqual({ available: true, attempts: [], total: 0 });

    await call('workorders:publish', { id: 10004 });
    const log = await until(
      () => call<DeliveryLog>('webhooks:deliveries', { webhookId: watched._id }),
      (answer) => answer.attempts.some((attempt) => attempt.status_code === 204),
      'a delivered attempt in the log',
      15_000,
      50,
    );
    expect(log.available).toBe(true);
    expect(log.attempts[0]).toMatchObject({ webhook_id: watched._id, event: 'workorder.status.published', work_order_id: 10004, attempt: 1, url: target.url, status_code: 204, error: null, delivery_status: 'delivered' });
    expect(log.attempts[0]?.duration_ms).toBeGreaterThanOrEqual(0);
    expect(target.received).toEqual([{ event: 'workorder.status.published' }]);

    const failed = await until(
      () => call<DeliveryLog>('webhooks:deliveries', { webhookId: unwatched._id }),
      (answer) => answer.attempts.length > 0,
      'an attempt of the other webhook',
      15_000,
      50,
    );
    expect(failed.attempts.every((attempt) => attempt.webhook_id === unwatched._id && attempt.status_code === 500)).toBe(true);
    const times = failed.attempts.map((attempt) => attempt.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers no log, without a request, in an environment other than Local', async () => {
    const transport = new HttpTransport();
    const sent: unknown[] = [];
    transport.send = async (request) => {
      sent.push(request);
      throw new Error('no request expected');
    };
    const connection = { id: 'sandbox' as const, baseUrl: 'https://api.example.com/api/rest/v2', webhookUrl: 'https://hooks.example.com', webhookEnvironment: 'sandbox' as const, webhookAccess: async () => undefined };
    const admin = new WebhookAdmin(connection, transport, { state: 'online' } as unknown as Connectivity);
    expect(await admin.deliveries('aaaaaaaaaaaaaaaaaaaaaaaa')).toEqual({ available: false, attempts: [], total: 0 });
    expect(sent).toEqual([]);
    await transport.close();
  });

  it('refuses an id that is not a webhook id before asking anyone', async () => {
    const { invoke } = appUnderTest();
    expect(await invoke('webhooks:deliveries', { webhookId: 'nope' })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });
});
