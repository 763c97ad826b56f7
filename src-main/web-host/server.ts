import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppError } from '../../src-shared/errors';
import { type ServerFrame, ClientFrameSchema, WIRE_CLOSE_POLICY, WIRE_MAX_FRAME_BYTES } from '../../src-shared/ipc/wire';
import type { App } from '../app/create-app';
import { createDispatcher } from '../ipc/dispatcher';
import { loopbackHostHeaders, loopbackOrigins } from '../platform/loopback-hosts';
import { serveFile } from './static-files';

export interface WebHostOptions {
  app: App;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Fixed only in tests; a fresh random token each launch otherwise. */
  token?: string;
}

export interface WebHost {
  /** Open this in a browser: it carries the token in the fragment, which never reaches a server log. */
  readonly url: string;
  readonly origin: string;
  readonly port: number;
  readonly token: string;
  close(): Promise<void>;
}

export const IPC_SOCKET_PATH = '/ipc';
const LOOPBACK = '127.0.0.1';

/**
 * Browser mode: serves the built renderer and carries the IPC contract over a WebSocket.
 * Loopback only. The socket requires the per-launch token, an Origin of this very server and a
 * loopback Host header (against DNS rebinding); anything else is refused before the upgrade.
 */
export async function startWebHost({ app, rendererDir, port = 0, token = randomBytes(32).toString('base64url') }: WebHostOptions): Promise<WebHost> {
  const sockets = new Set<WebSocket>();
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const dispatch = createDispatcher({
    handlers: app.handlers,
    logger: app.logger,
    // The socket was authenticated at the upgrade; the page origin is checked again per call.
    isTrustedSender: (sender) => sender.transport === 'web' && allowedOrigins.has(sender.url),
  });

  const securityHeaders = (serverPort: number): Record<string, string> => ({
    'Content-Security-Policy': `default-src 'self'; connect-src 'self' ws://${LOOPBACK}:${serverPort} ws://localhost:${serverPort}; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });

  const server = createServer((request, response) => {
    const headers = securityHeaders(actualPort());
    if (!allowedHosts.has(request.headers.host ?? '')) {
      response.writeHead(421, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Misdirected request');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, Allow: 'GET, HEAD' });
      response.end();
      return;
    }
    const path = requestUrl(request)?.pathname;
    if (path === undefined) {
      response.writeHead(400, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Bad request');
      return;
    }
    serveFile(rendererDir, path, response, headers).catch((error: unknown) => {
      app.logger.error('web-host: static file failed', { path, error });
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  const sockServer = new WebSocketServer({ noServer: true, maxPayload: WIRE_MAX_FRAME_BYTES });

  server.on('upgrade', (request, socket, head) => {
    const refusal = checkUpgrade(request);
    if (refusal) {
      app.logger.warn('web-host: refused connection', { reason: refusal.reason, origin: request.headers.origin });
      refuse(socket, refusal.status, refusal.reason);
      return;
    }
    sockServer.handleUpgrade(request, socket, head, (webSocket) => accept(webSocket, request.headers.origin ?? ''));
  });

  function checkUpgrade(request: IncomingMessage): { status: number; reason: string } | undefined {
    const url = requestUrl(request);
    if (url?.pathname !== IPC_SOCKET_PATH) return { status: 404, reason: 'Not found' };
    if (!allowedHosts.has(request.headers.host ?? '')) return { status: 421, reason: 'Misdirected request' };
    if (!tokenMatches(url.searchParams.get('token'), token)) return { status: 401, reason: 'A valid token is required' };
    if (!allowedOrigins.has(request.headers.origin ?? '')) return { status: 403, reason: 'Origin not allowed' };
    return undefined;
  }

  function accept(webSocket: WebSocket, origin: string): void {
    sockets.add(webSocket);
    const send = (frame: ServerFrame) => {
      if (webSocket.readyState === webSocket.OPEN) webSocket.send(JSON.stringify(frame));
    };
    const unsubscribe = app.events.subscribe((event, payload) => send({ type: 'event', event, payload }));
    webSocket.on('close', () => {
      unsubscribe();
      sockets.delete(webSocket);
    });
    webSocket.on('error', (error) => app.logger.warn('web-host: socket error', { error }));
    webSocket.on('message', (data, isBinary) => {
      const frame = isBinary ? undefined : parseFrame(data.toString());
      if (!frame) {
        webSocket.close(WIRE_CLOSE_POLICY, 'Malformed frame');
        return;
      }
      if (!frame.ok) {
        send({ type: 'result', id: frame.id, result: { ok: false, error: new AppError('IPC_INVALID_INPUT', frame.message).toBody() } });
        return;
      }
      const { id, channel, input } = frame.value;
      dispatch(channel, input, { transport: 'web', url: origin }).then((result) => send({ type: 'result', id, result }));
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });

  function actualPort(): number {
    return (server.address() as AddressInfo).port;
  }

  const boundPort = actualPort();
  allowedHosts = new Set(loopbackHostHeaders(boundPort));
  allowedOrigins = new Set(loopbackOrigins(boundPort));
  const origin = `http://${LOOPBACK}:${boundPort}`;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port: boundPort,
    token,
    async close() {
      for (const webSocket of sockets) webSocket.terminate();
      sockServer.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/**
 * The request target, or undefined when it is not a URL at all (`GET http://[ HTTP/1.1` passes the
 * HTTP parser): `new URL` would throw inside a server listener and take the whole process down.
 */
function requestUrl(request: IncomingMessage): URL | undefined {
  try {
    return new URL(request.url ?? '/', 'http://host');
  } catch {
    return undefined;
  }
}

type ParsedFrame = { ok: true; value: { id: number; channel: string; input?: unknown } } | { ok: false; id: number; message: string };

/** undefined when the frame cannot even be answered (no id); an error result when it can. */
function parseFrame(text: string): ParsedFrame | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = ClientFrameSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const id = (raw as { id?: unknown } | null)?.id;
  if (typeof id === 'number' && Number.isInteger(id) && id >= 0) return { ok: false, id, message: 'Malformed request frame.' };
  return undefined;
}

function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
}
