import { AppError, type ErrorCode } from '../../src-shared/errors';
import { ApiError } from '../api-client/api-error';
import type { EntryError } from './outbox-store';

/** What a failed send means for its entry. */
export type FailureKind =
  /** Try again later; the marketplace may or may not have acted (`uncertain`). */
  | { kind: 'transient'; uncertain: boolean; network: boolean; retryAfterMs: number | null }
  /** Signed out: the queue waits for a sign-in; nothing reached the marketplace. */
  | { kind: 'signed-out' }
  /** The workspace is closing (switch, quit): the entry stays queued, perhaps uncertain. */
  | { kind: 'interrupted' }
  /** The marketplace said no: the conflict inbox. */
  | { kind: 'refused' };

/** Transient as the issue names them: network errors, timeouts, 5xx and 429. */
const TRANSIENT: readonly ErrorCode[] = ['API_UNREACHABLE', 'API_TIMEOUT', 'API_SERVER_ERROR', 'API_RATE_LIMITED'];
const NETWORK: readonly ErrorCode[] = ['API_UNREACHABLE', 'API_TIMEOUT'];

export function classify(error: unknown): FailureKind {
  if (!(error instanceof AppError)) return { kind: 'transient', uncertain: true, network: false, retryAfterMs: null };
  if (error.code === 'AUTH_SIGNED_OUT' || error.code === 'AUTH_CREDENTIALS_REQUIRED' || error.code === 'AUTH_INVALID_CREDENTIALS') return { kind: 'signed-out' };
  if (error.code === 'API_ABORTED' || error.code === 'ENVIRONMENT_SWITCHED' || error.code === 'APP_CLOSING') return { kind: 'interrupted' };
  if (TRANSIENT.includes(error.code)) {
    const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
    // A 429 is a refusal to act; any other of these may have happened after the marketplace acted.
    return { kind: 'transient', uncertain: error.code !== 'API_RATE_LIMITED', network: NETWORK.includes(error.code), retryAfterMs: retryAfter === undefined ? null : retryAfter * 1000 };
  }
  return { kind: 'refused' };
}

/**
 * The failure as the outbox shows it: a refusal in the marketplace's own words when it gave some,
 * the request and its HTTP status kept apart as the detail.
 */
export function entryError(error: unknown): EntryError {
  if (error instanceof ApiError) {
    const detail = error.request === undefined ? {} : { detail: error.request };
    return { code: error.code, message: error.serverMessage ?? error.message, fields: [...error.fields], ...detail };
  }
  if (error instanceof AppError) return { code: error.code, message: error.message, fields: [] };
  return { code: 'INTERNAL', message: new AppError('INTERNAL').message, fields: [] };
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 5 * 60_000 };

/**
 * Exponential backoff with jitter (half fixed, half random), so entries that failed together do
 * not come back together; a Retry-After the marketplace gave wins when it is longer.
 */
export function retryDelay(attempts: number, retryAfterMs: number | null, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempts - 1));
  const jittered = exponential / 2 + (options.random ?? Math.random)() * (exponential / 2);
  return retryAfterMs === null ? jittered : Math.max(retryAfterMs, jittered);
}
