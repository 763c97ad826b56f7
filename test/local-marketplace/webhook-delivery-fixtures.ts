import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect } from 'vitest';
import { WEBHOOK_PATH_PREFIXES, WEBHOOK_TOKEN_HEADER } from '../../src-shared/api/webhook';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';

// Shared by the webhook delivery tests: real receivers on 127.0.0.1, webhooks, and waiting.

export interface ReceivedDelivery {
  method: string;
  headers: IncomingMessage['headers'];
  /** The raw body, as the signature covers it. */
  body: string;
}

/** What a receiver does with the nth request (0-based): answer with a status, or never answer. */
export type Answer = number | 'hang';

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedDelivery[];
  /** Decides each answer; 200 unless changed. */
  answer: (index: number, delivery: ReceivedDelivery) => Answer;
  close(): Promise<void>;
}

const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A receiving endpoint on a free port (or the given one, to come back at the same URL). */
export async function startReceiver(port = 0): Promise<Receiver> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(delivery);
      const answer = receiver.answer(receiver.received.length - 1, delivery);
      if (answer !== 'hang') response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${bound}/hooks`,
    port: bound,
    received: [],
    answer: () => 200,
    async close() {
      servers.splice(servers.indexOf(server), 1);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return receiver;
}

/** A URL on which nothing listens: a port the system gave out and that was closed again. */
export async function closedUrl(): Promise<string> {
  const receiver = await startReceiver();
  await receiver.close();
  return receiver.url;
}

export interface WebhookInput {
  url: string;
  method?: 'POST' | 'PUT';
  secret?: string;
  no_retries?: boolean;
  active?: boolean;
  events?: string[];
}

const servicePath = WEBHOOK_PATH_PREFIXES.sandbox;
const serviceHeaders = { [WEBHOOK_TOKEN_HEADER]: DEMO_CREDENTIALS.svcToken };

/** Registers a webhook of the demo company through the registration service; answers its id. */
export async function registerWebhook(marketplace: Marketplace, input: WebhookInput): Promise<string> {
  const answer = await marketplace.app.inject({ method: 'POST', url: `${servicePath}/`, headers: serviceHeaders, payload: { events: [], ...input } });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { _id: string })._id;
}

export async function updateWebhook(marketplace: Marketplace, id: string, changes: Partial<WebhookInput>): Promise<void> {
  const answer = await marketplace.app.inject({ method: 'PUT', url: `${servicePath}/${id}`, headers: serviceHeaders, payload: changes });
  expect(answer.statusCode, answer.body).toBe(200);
}

export async function deleteWebhook(marketplace: Marketplace, id: string): Promise<void> {
  const answer = await marketplace.app.inject({ method: 'DELETE', url: `${servicePath}/${id}`, headers: serviceHeaders });
  expect(answer.statusCode, answer.body).toBe(204);
}

export interface DeliveryRow {
  id: number;
  webhook_id: string;
  event: string;
  work_order_id: number;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
}

export interface AttemptRow {
  delivery_id: number;
  attempt: number;
  url: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

export function deliveries(marketplace: Marketplace): DeliveryRow[] {
  return marketplace.context.db.prepare('SELECT id, webhook_id, event, work_order_id, body, status, attempts FROM webhook_deliveries ORDER BY id').all() as DeliveryRow[];
}

export function attempts(marketplace: Marketplace): AttemptRow[] {
  return marketplace.context.db.prepare('SELECT delivery_id, attempt, url, status_code, duration_ms, error FROM webhook_attempts ORDER BY id').all() as AttemptRow[];
}

/** Polls until `check` answers something other than undefined or false; fails after the deadline. */
export async function eventually<Value>(check: () => Value | undefined | false, what: string, deadlineMs = 5000): Promise<Value> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits for the attempt count, then skips the backoff that follows it on the marketplace clock. */
export async function attemptThenSkipBackoff(marketplace: Marketplace, count: number, backoffSeconds: number): Promise<void> {
  await eventually(() => attempts(marketplace).length >= count, `${count} attempts`);
  marketplace.context.clock.advance(backoffSeconds);
}
