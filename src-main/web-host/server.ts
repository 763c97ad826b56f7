import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { ATTACHMENT_CONTENT_PATH } from '../../src-shared/ipc/attachment-files';
import { DELIVERABLES_ZIP_PATH } from '../../src-shared/ipc/deliverables';
import { FILE_UPLOAD_PATH } from '../../src-shared/ipc/file-upload';
import { WIRE_MAX_FRAME_BYTES } from '../../src-shared/ipc/wire';
import type { App } from '../app/create-app';
import { createDispatcher } from '../ipc/dispatcher';
import { loopbackHostHeaders, loopbackOrigins } from '../platform/loopback-hosts';
import { sendFileContent, type HostGetContext } from './file-content';
import { receiveFile } from './file-upload';
import { applyServerLimits, DEFAULT_WEB_HOST_LIMITS, httpServerOptions, type WebHostLimits } from './limits';
import { createRefusalLog } from './refusal-log';
import { SocketSession } from './socket-session';
import { serveFile } from './static-files';
import { sendFolderZip } from './zip-content';

export interface WebHostOptions {
  app: App;
  /** The built renderer (`out/renderer`). */
  rendererDir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Fixed only in tests; a fresh random token each launch otherwise. */
  token?: string;
  /** Tests shorten them; the defaults (`DEFAULT_WEB_HOST_LIMITS`) suit the renderer. */
  limits?: Partial<WebHostLimits>;
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
 * Every connection is bounded in time and memory (`limits.ts`): a client that stalls a request or
 * never reads its answers is cut off instead of holding the process's memory.
 */
export async function startWebHost({ app, rendererDir, port = 0, token = randomBytes(32).toString('base64url'), limits: given }: WebHostOptions): Promise<WebHost> {
  const limits: WebHostLimits = { ...DEFAULT_WEB_HOST_LIMITS, ...given };
  const sessions = new Set<SocketSession>();
  /** Refused upgrades not closed yet: the HTTP server's close neither waits for nor ends them. */
  const refused = new Set<Socket>();
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();

  const dispatch = createDispatcher({
    handlers: app.handlers,
    logger: app.logger,
    // The socket was authenticated at the upgrade; the page origin is checked again per call.
    isTrustedSender: (sender) => sender.transport === 'web' && allowedOrigins.has(sender.url),
  });

  const securityHeaders = (serverPort: number): Record<string, string> => ({
    'Content-Security-Policy': `default-src 'self'; connect-src 'self' ws://${LOOPBACK}:${serverPort} ws://localhost:${serverPort}; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });

  const server = createServer(httpServerOptions(limits), (request, response) => {
    const headers = securityHeaders(actualPort());
    if (!allowedHosts.has(request.headers.host ?? '')) {
      response.writeHead(421, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Misdirected request');
      return;
    }
    const target = requestUrl(request);
    if (target?.pathname === FILE_UPLOAD_PATH) {
      receiveFile(request, response, target, {
        staging: app.attachmentStaging,
        logger: app.logger,
        headers,
        tokenMatches: (given) => tokenMatches(given ?? null, token),
        isAllowedOrigin: (given) => allowedOrigins.has(given ?? ''),
        refused: (refusal) => refusals.refused(refusal),
      }).catch((error: unknown) => app.logger.error('web-host: upload failed', { error }));
      return;
    }
    // The bytes the page reads over HTTP: an attachment's, a folder's zip. One gate (the token), one failure path.
    const byteRoute =
      target?.pathname === ATTACHMENT_CONTENT_PATH
        ? (context: HostGetContext) => sendFileContent(request, response, target, { ...context, files: app.attachmentFiles })
        : target?.pathname === DELIVERABLES_ZIP_PATH
          ? (context: HostGetContext) => sendFolderZip(request, response, target, { ...context, zips: app.folderZips })
          : undefined;
    if (byteRoute) {
      byteRoute({ logger: app.logger, headers, tokenMatches: (given) => tokenMatches(given ?? null, token), refused: (refusal) => refusals.refused(refusal) }).catch((error: unknown) => {
        app.logger.error('web-host: file content failed', { path: target?.pathname, error });
        if (!response.headersSent) response.writeHead(500, headers);
        response.end();
      });
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

  applyServerLimits(server, limits);

  const sockServer = new WebSocketServer({ noServer: true, maxPayload: WIRE_MAX_FRAME_BYTES });
  const refusals = createRefusalLog({ logger: app.logger, perMinute: limits.refusalLogsPerMinute, maxValueChars: limits.maxLoggedValueChars });

  server.on('upgrade', (request, socket, head) => {
    const refusal = checkUpgrade(request);
    if (refusal) {
      refusals.refused({ reason: refusal.reason, origin: request.headers.origin, host: request.headers.host });
      const connection = refuse(socket, refusal.status, refusal.reason, limits.idleTimeoutMs);
      refused.add(connection);
      connection.once('close', () => refused.delete(connection));
      return;
    }
    sockServer.handleUpgrade(request, socket, head, (webSocket) => {
      const session = new SocketSession(webSocket, { dispatch, events: app.events, logger: app.logger, origin: request.headers.origin ?? '', limits });
      sessions.add(session);
      webSocket.on('close', () => sessions.delete(session));
    });
  });

  // One timer for every socket; unref'd so a forgotten host does not keep a test process alive.
  const heartbeat = setInterval(() => {
    for (const session of sessions) session.heartbeat();
  }, limits.pingIntervalMs);
  heartbeat.unref();

  function checkUpgrade(request: IncomingMessage): { status: number; reason: string } | undefined {
    const url = requestUrl(request);
    if (url?.pathname !== IPC_SOCKET_PATH) return { status: 404, reason: 'Not found' };
    if (!allowedHosts.has(request.headers.host ?? '')) return { status: 421, reason: 'Misdirected request' };
    if (!tokenMatches(url.searchParams.get('token'), token)) return { status: 401, reason: 'A valid token is required' };
    if (!allowedOrigins.has(request.headers.origin ?? '')) return { status: 403, reason: 'Origin not allowed' };
    return undefined;
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
  let closing: Promise<void> | undefined;

  return {
    url: `${origin}/#token=${token}`,
    origin,
    port: boundPort,
    token,
    close() {
      closing ??= (async () => {
        clearInterval(heartbeat);
        refusals.flush();
        for (const session of sessions) session.terminate();
        for (const connection of refused) connection.destroy();
        sockServer.close();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        // Not after the wait: a stalled request would hold the close until its timeout.
        server.closeAllConnections();
        await stopped;
      })();
      return closing;
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

function tokenMatches(given: string | null, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Answers and closes. The HTTP server no longer watches a socket once it is an upgrade, and it keeps
 * sockets half-open: a peer that never closes its side would hold this one forever, so it is reset
 * after `idleMs`.
 */
function refuse(socket: Duplex, status: number, reason: string, idleMs: number): Socket {
  // Typed as a Duplex, but node hands the upgrade listener the connection's own net.Socket.
  const connection = socket as Socket;
  connection.setTimeout(idleMs, () => connection.resetAndDestroy());
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`);
  return connection;
}
