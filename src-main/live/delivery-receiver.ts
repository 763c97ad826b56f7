import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { knownString } from '../../src-shared/api/common';
import { WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER } from '../../src-shared/api/webhook';
import { ERROR_CODES, type ErrorCode } from '../../src-shared/errors';

/** A delivery carries one order as the service presents it: well under this. */
const BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/**
 * What a delivery must say for Field Desk to act on it: which order, and what happened. The order
 * the body also carries is not read: the refresh that follows fetches it with its parts, through
 * the client's one validation, so a delivery never writes the cache.
 */
export const LiveDeliverySchema = z.looseObject({
  event: z.looseObject({
    name: knownString(WEBHOOK_EVENTS),
    params: z.looseObject({ work_order_id: z.number().int().positive() }),
  }),
  triggered_by_user: z.looseObject({ id: z.number().int().nullish() }).nullish(),
});
export type LiveDelivery = z.infer<typeof LiveDeliverySchema>;

export interface DeliveryReceiver {
  /** Where the marketplace posts: loopback, an unguessable path. */
  readonly url: string;
  /** The webhook's secret: deliveries signed with another are refused. */
  readonly secret: string;
  close(): Promise<void>;
}

export interface DeliveryReceiverOptions {
  /** Names this install's webhooks, so a later run finds and removes what an earlier one left. */
  installId: string;
  onDelivery: (delivery: LiveDelivery) => void;
}

/** The path prefix of every Field Desk receiver; the install id follows it. */
export const LIVE_PATH_PREFIX = '/field-desk/live/';

/** Whether a webhook's url is a Field Desk receiver's (any install's). */
export function isLiveWebhook(url: string): boolean {
  try {
    return new URL(url).pathname.startsWith(LIVE_PATH_PREFIX);
  } catch {
    return false;
  }
}

/** md5 hex of the secret followed by the raw body (decisions §7). */
function signature(secret: string, body: Buffer): Buffer {
  return Buffer.from(createHash('md5').update(secret, 'utf8').update(body).digest('hex'), 'utf8');
}

function answer(response: ServerResponse, status: number, code?: ErrorCode): void {
  if (!code) {
    response.writeHead(status).end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ code, message: ERROR_CODES[code] }));
}

function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Receives the marketplace's webhook deliveries on this machine (127.0.0.1, a port of the system's
 * choosing). Only a marketplace that can reach this machine's loopback (the local marketplace)
 * ever delivers here; see `live-updates.ts`. Every answer is quick: the work a delivery asks for
 * happens after it, so the service's 30 s timeout and its retries never come into play.
 */
export async function startDeliveryReceiver(options: DeliveryReceiverOptions): Promise<DeliveryReceiver> {
  const secret = randomBytes(24).toString('hex');
  const path = `${LIVE_PATH_PREFIX}${options.installId}/${randomBytes(16).toString('hex')}`;
  const server = createServer((request, response) => {
    void receive(request, response).catch(() => {
      if (!response.headersSent) answer(response, 400, 'LIVE_DELIVERY_INVALID');
    });
  });
  async function receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.url !== path) return answer(response, 404, 'LIVE_DELIVERY_INVALID');
    if (request.method !== 'POST' && request.method !== 'PUT') return answer(response, 405, 'LIVE_DELIVERY_INVALID');
    const body = await readBody(request);
    if (!body) return answer(response, 413, 'LIVE_DELIVERY_INVALID');
    const sent = request.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
    const expected = signature(secret, body);
    const given = Buffer.from(typeof sent === 'string' ? sent : '', 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return answer(response, 401, 'LIVE_DELIVERY_UNSIGNED');
    let parsed: ReturnType<typeof LiveDeliverySchema.safeParse>;
    try {
      parsed = LiveDeliverySchema.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      return answer(response, 400, 'LIVE_DELIVERY_INVALID');
    }
    // An event without an order (or one this client does not know) is answered, so it is not resent, and ignored.
    answer(response, 204);
    if (parsed.success) options.onDelivery(parsed.data);
  }
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    secret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
