import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../src-shared/api/webhook';
import type { AttemptOutcome, DeliveryHead } from './delivery-queue';

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** An error text is for a person reading the log, not a dump. */
const ERROR_TEXT_LIMIT = 300;

/** Decisions §7: md5 hex of the secret followed by the raw body. */
export function deliverySignature(secret: string, body: string): string {
  return createHash('md5').update(secret, 'utf8').update(body, 'utf8').digest('hex');
}

/**
 * Sends one attempt of a delivery over its own undici agent, so closing the marketplace ends its
 * connections and nothing else's. Never throws: a refused connection or a timeout is an outcome.
 */
export class DeliverySender {
  readonly #agent: Agent;
  readonly #timeoutMs: number;

  constructor(private readonly timeoutSeconds: number) {
    this.#timeoutMs = Math.max(1, Math.round(timeoutSeconds * 1000));
    this.#agent = new Agent({ connect: { timeout: this.#timeoutMs }, headersTimeout: this.#timeoutMs, bodyTimeout: this.#timeoutMs });
  }

  async send(head: DeliveryHead, signal: AbortSignal): Promise<AttemptOutcome> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (head.secret) headers[WEBHOOK_SIGNATURE_HEADER] = deliverySignature(head.secret, head.body);
    const started = performance.now();
    try {
      const response = await request(head.url, {
        dispatcher: this.#agent,
        method: head.method as 'POST' | 'PUT',
        headers,
        body: head.body,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
        // A fresh connection per delivery: a receiver restarted between deliveries never meets a stale socket.
        reset: true,
        signal,
      });
      // The status line is the answer; a body cut short or too slow to read does not change it.
      await response.body.dump().catch(() => undefined);
      return { statusCode: response.statusCode, durationMs: performance.now() - started, error: null };
    } catch (error) {
      return { statusCode: null, durationMs: performance.now() - started, error: this.#describe(error) };
    }
  }

  close(): Promise<void> {
    return this.#agent.destroy();
  }

  #describe(error: unknown): string {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return `No answer within ${this.timeoutSeconds} s`;
    const message = error instanceof Error ? error.message : String(error);
    const named = typeof code === 'string' ? code : '';
    // Node's connection errors (an AggregateError on a dual-stack host) can carry a code and no message.
    const text = message && named && !message.includes(named) ? `${named}: ${message}` : message || named || 'Connection failed';
    return text.slice(0, ERROR_TEXT_LIMIT);
  }
}
