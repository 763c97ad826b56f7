import { errors as undiciErrors } from 'undici';
import { RestErrorSchema, SimpleErrorSchema, WebhookServiceErrorSchema, errorFieldNames } from '../../src-shared/api/errors';
import { AppError, ERROR_CODES, type ErrorCode } from '../../src-shared/errors';
import { redactText } from '../platform/redact';

export interface ApiErrorDetails {
  /** The HTTP status, when the marketplace answered at all. */
  status?: number;
  /** Names of the fields at fault, from the REST error body's `fields`. */
  fields?: readonly string[];
  /** From a 429's `Retry-After`, so the outbox knows when to try again. */
  retryAfterSeconds?: number;
  /** The marketplace's own words, for the coordinator: "The ETA can be set only while …". */
  serverMessage?: string;
  /** What was asked and what came back, for whoever looks closer: "PUT workorders/10018, HTTP 400". */
  request?: string;
}

/**
 * A failed marketplace call. It is an `AppError`, so only `{code, message}` crosses IPC; the extra
 * fields serve the outbox's retry policy and the conflict inbox. Messages never carry a secret:
 * they are built here, and text from the server goes through `redactText`.
 */
export class ApiError extends AppError {
  readonly status: number | undefined;
  readonly fields: readonly string[];
  readonly retryAfterSeconds: number | undefined;
  readonly serverMessage: string | undefined;
  readonly request: string | undefined;

  constructor(code: ErrorCode, message: string = ERROR_CODES[code], details: ApiErrorDetails = {}) {
    super(code, redactText(message));
    this.name = 'ApiError';
    this.status = details.status;
    this.fields = details.fields ?? [];
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.serverMessage = details.serverMessage === undefined ? undefined : redactText(details.serverMessage);
    this.request = details.request;
  }

  toJSON(): { code: ErrorCode; message: string; status?: number; fields: readonly string[]; retryAfterSeconds?: number } {
    return { code: this.code, message: this.message, status: this.status, fields: this.fields, retryAfterSeconds: this.retryAfterSeconds };
  }
}

/** What a call is about, for messages: "GET workorders/99" (a path without its query, so no token). */
export type CallLabel = string;

/** Maps a non-2xx answer to an error code, keeping the server's message and the REST body's fields. */
export function errorFromAnswer(label: CallLabel, status: number, body: unknown, retryAfter?: string): ApiError {
  const parsed = RestErrorSchema.safeParse(body);
  const serverMessage = parsed.success ? parsed.data.message : otherErrorMessage(body);
  const fields = parsed.success ? errorFieldNames(parsed.data.fields) : [];
  const code = codeForStatus(status);
  const message = serverMessage ? `${ERROR_CODES[code]} ${serverMessage} (${label}, HTTP ${status})` : `${ERROR_CODES[code]} (${label}, HTTP ${status})`;
  return new ApiError(code, message, { status, fields, retryAfterSeconds: status === 429 ? parseRetryAfter(retryAfter) : undefined, serverMessage: serverMessage || undefined, request: `${label}, HTTP ${status}` });
}

/** The simpler REST form `{status_code, message}`, or the webhook service's `{error}`. */
function otherErrorMessage(body: unknown): string | undefined {
  const simple = SimpleErrorSchema.safeParse(body);
  if (simple.success) return simple.data.message;
  const service = WebhookServiceErrorSchema.safeParse(body);
  return service.success ? service.data.error : undefined;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'API_UNAUTHENTICATED';
  if (status === 403) return 'API_FORBIDDEN';
  if (status === 404) return 'API_NOT_FOUND';
  // Only uploads are large enough to be refused for their size (decisions §6).
  if (status === 413) return 'ATTACHMENT_TOO_LARGE';
  if (status === 429) return 'API_RATE_LIMITED';
  if (status >= 500) return 'API_SERVER_ERROR';
  if (status >= 400) return 'API_REJECTED';
  // A 1xx or 3xx reaching us means the service is not the one we expect.
  return 'API_INVALID_RESPONSE';
}

/** `Retry-After` is seconds or an HTTP date (RFC 9110 §10.2.3); anything else means "soon". */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Maps a failure below HTTP (no answer, or an answer cut short) to an error code. The original
 * error is not kept as `cause`: its text may quote the request, and errors end up in logs.
 */
export function errorFromNetwork(label: CallLabel, error: unknown, signal?: AbortSignal): ApiError {
  if (error instanceof ApiError) return error;
  if (signal?.aborted || error instanceof undiciErrors.RequestAbortedError || isAbortError(error)) {
    return new ApiError('API_ABORTED', `${ERROR_CODES.API_ABORTED} (${label})`);
  }
  if (
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new ApiError('API_TIMEOUT', `${ERROR_CODES.API_TIMEOUT} (${label}: ${error.code})`);
  }
  const code = errorCode(error);
  return new ApiError('API_UNREACHABLE', `${ERROR_CODES.API_UNREACHABLE} (${label}${code ? `: ${code}` : ''})`);
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** The system or undici code (ECONNREFUSED, UND_ERR_SOCKET): useful in a message, never secret. */
function errorCode(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : undefined;
}

/** Answers undefined where the service says 404: a record deleted meanwhile, or a path an environment does not offer. */
export async function unlessNotFound<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'API_NOT_FOUND') return undefined;
    throw error;
  }
}
