import type { z } from 'zod';
import { indicatesExpiredToken } from '../../src-shared/api/errors';
import { ERROR_CODES } from '../../src-shared/errors';
import type { Logger } from '../platform/logger';
import { ApiError, errorFromAnswer } from './api-error';
import type { AuthSession } from './auth-session';
import type { HttpAnswer, HttpMethod, HttpTransport, QueryValue, StreamedBody } from './http-transport';
import { joinUrl } from './join-url';

export interface RestCall<Response extends z.ZodType> {
  method: HttpMethod;
  /** Below `{base_url}`, without a leading slash: `workorders/10001/publish`. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Instead of `body`: sent as it is read (an upload's multipart body). */
  streamedBody?: StreamedBody;
  /** The tolerant answer schema of `src-shared/api`. */
  response: Response;
  signal?: AbortSignal;
}

export interface RestCallerOptions {
  transport: HttpTransport;
  session: AuthSession;
  /** `{base_url}`, e.g. `http://127.0.0.1:8080/api/rest/v2`. */
  baseUrl: string;
  logger?: Logger;
}

/** Per-call options every typed method takes. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * One authenticated REST call: adds `access_token` to the query, and when the marketplace says the
 * token is no longer good, asks the session for a new one (shared with every other waiting call)
 * and tries once more. Answers are parsed with the tolerant schemas; anything else is an `ApiError`.
 */
export class RestCaller {
  constructor(private readonly options: RestCallerOptions) {}

  async call<Response extends z.ZodType>(call: RestCall<Response>): Promise<z.output<Response>> {
    const label = `${call.method} ${call.path}`;
    const answer = await this.authorized(label, (token) =>
      this.options.transport.send({
        method: call.method,
        url: joinUrl(this.options.baseUrl, call.path),
        query: { ...call.query, access_token: token },
        json: call.body,
        body: call.streamedBody,
        signal: call.signal,
      }),
    );
    const parsed = call.response.safeParse(answer.body);
    if (!parsed.success) {
      // Paths of the offending fields help a bug report; their values may be customer data.
      this.options.logger?.warn('marketplace answer did not match its schema', {
        call: label,
        issues: parsed.error.issues.slice(0, 10).map((issue) => ({ path: issue.path.join('.'), code: issue.code })),
      });
      throw new ApiError('API_INVALID_RESPONSE', `${ERROR_CODES.API_INVALID_RESPONSE} (${label})`, { status: answer.status });
    }
    return parsed.data;
  }

  /**
   * Saves what an absolute link of the marketplace answers (a file's `link`) to `destination`. The
   * access token goes only to the REST API's own origin: a link elsewhere is refused, not followed.
   */
  /** Streams a file the marketplace linked to into `destination`; past `maxBytes` it keeps nothing. */
  async download(link: string, destination: string, { signal, maxBytes }: CallOptions & { maxBytes?: number } = {}): Promise<void> {
    const url = URL.canParse(link) ? new URL(link) : undefined;
    if (!url || url.origin !== originOf(this.options.baseUrl)) {
      throw new ApiError('API_INVALID_RESPONSE', 'The file link points outside the marketplace; it was not followed.');
    }
    await this.authorized(`GET ${url.pathname}`, (token) =>
      this.options.transport.download({ method: 'GET', url: url.href, query: { access_token: token }, signal }, destination, { maxBytes }),
    );
  }

  /** Sends with the current token; when the marketplace says it is no longer good, once more with a new one. */
  private async authorized(label: string, send: (token: string) => Promise<HttpAnswer>): Promise<HttpAnswer> {
    let token = await this.options.session.getAccessToken();
    let answer = await send(token);
    if (indicatesExpiredToken(answer.status, answer.body)) {
      token = await this.options.session.tokenRejected(token);
      answer = await send(token);
    }
    if (answer.status < 200 || answer.status >= 300) {
      const retryAfter = answer.headers['retry-after'];
      throw errorFromAnswer(label, answer.status, answer.body, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    }
    return answer;
  }
}

function originOf(address: string): string | undefined {
  return URL.canParse(address) ? new URL(address).origin : undefined;
}

/**
 * Checks what the app is about to send against the strict request schema, and sends the input as
 * given (the schemas turn form text into numbers; the JSON we send needs no such help).
 */
export function validated<Schema extends z.ZodType>(schema: Schema, input: z.input<Schema>, what: string): z.input<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.')).filter((path) => path.length > 0))];
    throw new ApiError('API_REJECTED', `The ${what} is not valid${fields.length ? `: ${fields.join(', ')}` : ''}; it was not sent.`, { fields });
  }
  return input;
}

/** A validated query object as query-string values; nested values do not occur in these schemas. */
export function queryOf(query: object): Record<string, QueryValue> {
  return query as Record<string, QueryValue>;
}

/** What a typed method takes: the request schema's input side. */
export type Input<Schema extends z.ZodType> = z.input<Schema>;

/** A path segment from an id or a uuid. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
