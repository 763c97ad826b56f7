import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool, type Dispatcher } from 'undici';
import type { Logger } from '../platform/logger';
import { PRIVATE_FILE_MODE } from '../platform/private-files';
import { ApiError, errorFromNetwork } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  method: HttpMethod;
  /** Absolute URL; its origin picks the pool. */
  url: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent form-encoded (the token endpoint takes either; a form is what OAuth clients send). */
  form?: Record<string, string>;
  /** Sent as it is read (an upload): constant memory for any size. */
  body?: StreamedBody;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface StreamedBody {
  /**
   * Called once per attempt: a stream is read only once, and a call may be sent again after a 401.
   * An async iterable is asked for each chunk only after the socket accepted the one before.
   */
  stream: () => AsyncIterable<Uint8Array>;
  contentType: string;
  /** The exact byte count, sent as Content-Length. */
  length: number;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON, the text when it is not JSON, or null when empty. */
  body: unknown;
}

export interface HttpTransportOptions {
  logger?: Logger;
  /** Connections per origin for API calls. */
  connections?: number;
  /** Connections per origin for uploads and downloads, beside those. */
  fileConnections?: number;
  connectTimeoutMs?: number;
  /** Until the answer's headers arrive: the bound on a slow server. */
  headersTimeoutMs?: number;
  /** Between two chunks of the answer's body. */
  bodyTimeoutMs?: number;
  /** Asked before each request: an error refuses it before it leaves (the coordinator works offline). */
  refuse?: () => ApiError | undefined;
}

const DEFAULTS = { connections: 8, fileConnections: 4, connectTimeoutMs: 10_000, headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 };
/**
 * Files (uploads, downloads) travel on connections of their own: a request waits for a free
 * connection with no timeout, and a few long transfers would otherwise hold every change and pull
 * behind them for as long as they last.
 */
type PoolPurpose = 'calls' | 'files';
/** A socket closed under a request before any answer: the server's side of a kept-alive connection went away. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * HTTP over undici, Pools per origin (the REST API, the token endpoint and the webhook service may
 * live on different hosts) and purpose (calls, files), created on first use. Failures below HTTP
 * become `ApiError`s; log records name the path only, never the query that carries `access_token`.
 */
export class HttpTransport {
  private readonly pools = new Map<string, Pool>();
  private readonly options: typeof DEFAULTS & Pick<HttpTransportOptions, 'logger' | 'refuse'>;
  private closed = false;

  constructor(options: HttpTransportOptions = {}) {
    this.options = { ...DEFAULTS, ...definedOnly(options) };
  }

  async send(request: HttpRequest): Promise<HttpAnswer> {
    return this.exchange(request, async (answer) => decodeBody(await answer.body.text(), answer.headers['content-type']), request.body ? 'files' : 'calls');
  }

  /**
   * Like `send`, but a 2xx answer's body is streamed to `destination` (through a temporary name, so
   * a cut download never looks whole) and answered as null; other answers are read as usual. Past
   * `maxBytes`, announced or counted, it stops and keeps nothing (ATTACHMENT_TOO_LARGE).
   */
  async download(request: HttpRequest, destination: string, { maxBytes = Infinity }: { maxBytes?: number } = {}): Promise<HttpAnswer> {
    return this.exchange(request, async (answer) => {
      if (answer.statusCode < 200 || answer.statusCode >= 300) return decodeBody(await answer.body.text(), answer.headers['content-type']);
      const announced = Number(answer.headers['content-length']);
      if (Number.isFinite(announced) && announced > maxBytes) {
        answer.body.destroy();
        throw tooLargeToKeep(maxBytes);
      }
      await saveTo(answer.body, destination, request.signal, maxBytes);
      return null;
    }, 'files');
  }

  private async exchange(request: HttpRequest, readBody: (answer: Dispatcher.ResponseData) => Promise<unknown>, purpose: PoolPurpose): Promise<HttpAnswer> {
    const refusal = this.options.refuse?.();
    if (refusal) throw refusal;
    const url = requestUrl(request);
    const label = `${request.method} ${url.pathname}`;
    const started = performance.now();
    try {
      const answer = await this.#request(url, request, purpose);
      const decoded = await readBody(answer);
      this.options.logger?.debug('marketplace call', { call: label, status: answer.statusCode, ms: Math.round(performance.now() - started) });
      return { status: answer.statusCode, headers: answer.headers, body: decoded };
    } catch (error) {
      const failure = errorFromNetwork(label, error, request.signal);
      this.options.logger?.warn('marketplace call failed', { call: label, code: failure.code, ms: Math.round(performance.now() - started) });
      throw failure;
    }
  }

  /**
   * The request's answer (headers). A GET whose kept-alive socket the server had closed as it left
   * (ECONNRESET, EPIPE, a socket undici saw close) is sent once more on a fresh one: nothing was
   * answered, and a GET changes nothing, so a pull does not fail for a server's idle timeout.
   */
  async #request(url: URL, request: HttpRequest, purpose: PoolPurpose): Promise<Dispatcher.ResponseData> {
    const send = () => {
      const { body, headers } = encodeBody(request);
      return this.poolFor(url.origin, purpose).request({
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: { accept: 'application/json', ...headers, ...request.headers },
        // undici takes async iterables (docs/api/Dispatcher.md, `body`); its types lag behind.
        body: body as string | Readable | undefined,
        signal: request.signal,
      });
    };
    try {
      return await send();
    } catch (error) {
      if (request.method !== 'GET' || request.signal?.aborted || !RESET_CODES.has((error as { code?: unknown }).code as string)) throw error;
      this.options.logger?.debug('marketplace call sent again after a reset socket', { call: `${request.method} ${url.pathname}` });
      return send();
    }
  }

  /** Closes every pool; requests in flight finish first. */
  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private poolFor(origin: string, purpose: PoolPurpose): Pool {
    if (this.closed) throw new Error('The HTTP transport is closed');
    const key = `${purpose} ${origin}`;
    let pool = this.pools.get(key);
    if (!pool) {
      pool = new Pool(origin, {
        connections: purpose === 'files' ? this.options.fileConnections : this.options.connections,
        connectTimeout: this.options.connectTimeoutMs,
        headersTimeout: this.options.headersTimeoutMs,
        bodyTimeout: this.options.bodyTimeoutMs,
      });
      this.pools.set(key, pool);
    }
    return pool;
  }
}

/**
 * The absolute URL with the query added. An environment address that is not a URL (a hand-edited
 * file, a bad worker answer) is the coordinator's to fix, so it gets that code, not a TypeError;
 * the address is not quoted, since the query about to be added would carry the access token.
 */
function requestUrl(request: HttpRequest): URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new ApiError('ENVIRONMENT_INVALID_URL');
  }
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url;
}

function definedOnly(options: HttpTransportOptions): HttpTransportOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function encodeBody(request: HttpRequest): { body?: string | AsyncIterable<Uint8Array>; headers: Record<string, string> } {
  if (request.body) return { body: request.body.stream(), headers: { 'content-type': request.body.contentType, 'content-length': String(request.body.length) } };
  if (request.form) return { body: new URLSearchParams(request.form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  if (request.json !== undefined) return { body: JSON.stringify(request.json), headers: { 'content-type': 'application/json' } };
  return { headers: {} };
}

function tooLargeToKeep(maxBytes: number): ApiError {
  return new ApiError('ATTACHMENT_TOO_LARGE', `That file is larger than the ${Math.floor(maxBytes / (1024 * 1024))} MiB Field Desk keeps for previews; it was not downloaded.`);
}

/** Streams an answer's body into a private file; a disk that refuses it is not a network failure. */
async function saveTo(body: Readable, destination: string, signal: AbortSignal | undefined, maxBytes: number): Promise<void> {
  const partial = `${destination}.part`;
  const file = createWriteStream(partial, { mode: PRIVATE_FILE_MODE, flush: true });
  let diskError: NodeJS.ErrnoException | undefined;
  file.once('error', (error) => {
    diskError = error;
  });
  // A server may send more than it announced, or announce nothing: the bytes are counted as they come.
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > maxBytes ? tooLargeToKeep(maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(body, counted, file, { signal });
    await rename(partial, destination);
  } catch (error) {
    await rm(partial, { force: true });
    // Cut off at the limit: the file stream's own error as it is torn down is not a disk failure.
    if (error instanceof ApiError && error.code === 'ATTACHMENT_TOO_LARGE') throw error;
    if (diskError && !signal?.aborted) throw new ApiError('INTERNAL', `The download could not be saved${diskError.code ? ` (${diskError.code})` : ''}.`);
    throw error;
  }
}

function decodeBody(text: string, contentType: string | string[] | undefined): unknown {
  if (text.length === 0) return null;
  const type = Array.isArray(contentType) ? contentType[0] : contentType;
  if (type && !/json/i.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page claiming JSON: the status still says what happened.
    return text;
  }
}
