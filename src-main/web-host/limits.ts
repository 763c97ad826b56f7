import type { Server, ServerOptions } from 'node:http';

/**
 * How long and how much the web host gives one connection. Its only legitimate client is the
 * renderer on this machine, which sends bare GETs and small frames and reads every answer at once;
 * anything slower or greedier is a stuck or hostile client, and must not hold memory or sockets.
 */
export interface WebHostLimits {
  /** From the first byte to the end of the request headers. */
  headersTimeoutMs: number;
  /** From the first byte to the end of the request body (GET and HEAD only: there is none). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection between two requests. */
  keepAliveTimeoutMs: number;
  /** Silence on an HTTP socket mid-request. A WebSocket is exempt: ws turns the timer off on upgrade. */
  idleTimeoutMs: number;
  /** A WebSocket is pinged this often and ended when it missed the previous ping's pong. */
  pingIntervalMs: number;
  /** Calls one socket may have unanswered; past it the host stops reading that socket until one is answered. */
  maxCallsInFlight: number;
  /** Output a socket may leave unread before it is ended, which frees what it held. */
  maxBufferedBytes: number;
  /** Refused upgrades logged per minute; the rest are counted, then logged as one line. */
  refusalLogsPerMinute: number;
  /** A header value written to the log is cut to this many characters. */
  maxLoggedValueChars: number;
}

export const DEFAULT_WEB_HOST_LIMITS: WebHostLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
  pingIntervalMs: 30_000,
  // The renderer's busiest moment (a view opening) asks for a handful of lists at once.
  maxCallsInFlight: 32,
  // Far above any answer the renderer reads at once, far below what an unread flood costs.
  maxBufferedBytes: 16 * 1024 * 1024,
  refusalLogsPerMinute: 5,
  maxLoggedValueChars: 200,
};

/** Options for `http.createServer`; node only checks the header and request timeouts every `connectionsCheckingInterval`. */
export function httpServerOptions(limits: WebHostLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // The default (30 s) would let a silent request live up to 30 s past its timeout.
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** What `createServer` takes only as properties. */
export function applyServerLimits(server: Server, limits: WebHostLimits): void {
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.timeout = limits.idleTimeoutMs;
}
