import type { ServerOptions } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { MarketplaceOptions } from '../options';

/** Node checks header and request deadlines on a timer; a deadline is met within this much. */
const MAX_CHECK_INTERVAL_MS = 1000;

const ms = (seconds: number) => Math.round(seconds * 1000);

/**
 * How long the server waits on a client, as Fastify and node's HTTP server options. A client
 * that starts a request and goes silent must not hold a connection (and, for an upload, a file
 * in `incoming/`) for ever.
 *
 * - Headers (`headersTimeout`): the request line and headers are small; a client that has not
 *   finished them within seconds is stalled or dripping them (slowloris). Node answers 408.
 * - Idle (`connectionTimeout`, the socket's inactivity timeout): this one guards bodies. It
 *   fires only when no byte moves either way, so a 1 GiB upload that keeps sending is never cut,
 *   however long it takes, while a body that stops short of its Content-Length is closed soon.
 * - Request (`requestTimeout`): a deadline for the whole request, body included. A short one
 *   would cut a large upload that is slow but progressing, so by default it is only a backstop of
 *   an hour against a body dripped a byte at a time, below the idle timeout.
 * - Keep-alive (`keepAliveTimeout`): an idle kept-alive connection between two requests.
 */
export function serverTimeouts(options: MarketplaceOptions): {
  connectionTimeout: number;
  keepAliveTimeout: number;
  requestTimeout: number;
  http: ServerOptions;
} {
  const headersTimeout = ms(options.headersTimeoutSeconds);
  return {
    connectionTimeout: ms(options.idleTimeoutSeconds),
    keepAliveTimeout: ms(options.keepAliveTimeoutSeconds),
    requestTimeout: ms(options.requestTimeoutSeconds),
    http: {
      headersTimeout,
      // Node's default (30 s) would let a 10 s header deadline pass unnoticed for 40 s.
      connectionsCheckingInterval: Math.max(10, Math.min(MAX_CHECK_INTERVAL_MS, Math.floor(headersTimeout / 4))),
      // A request without Host is refused by our Host check, with our error body, not node's empty 400.
      requireHostHeader: false,
    },
  };
}

/**
 * Runs `wait` (the server's own wait: an injected delay) without the idle timeout closing the
 * connection meanwhile: that timeout is for silent clients, and here the client is waiting on us.
 * Node closes an idle socket only when nobody listens to its response's `timeout` event.
 */
export async function withoutIdleTimeout<T>(reply: FastifyReply, wait: Promise<T>): Promise<T> {
  const keepOpen = () => {};
  reply.raw.on('timeout', keepOpen);
  try {
    return await wait;
  } finally {
    reply.raw.off('timeout', keepOpen);
  }
}
