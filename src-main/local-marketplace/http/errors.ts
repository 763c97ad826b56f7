import { NOT_AUTHENTICATED_MESSAGE } from '../../../src-shared/api/errors';

/**
 * The one registry of the local marketplace's REST errors (decisions §5). The body a client sees
 * is `{code, message, trace, fields}` with `code` equal to the HTTP status; the name here is ours,
 * for throwing and for tests.
 */
export const MARKETPLACE_ERRORS = {
  INVALID_INPUT: { status: 400, message: 'Invalid input' },
  INVALID_TRANSITION: { status: 400, message: 'That change is not allowed now' },
  NOT_AUTHENTICATED: { status: 401, message: NOT_AUTHENTICATED_MESSAGE },
  FORBIDDEN: { status: 403, message: 'That record belongs to another company' },
  /** A browser request sent by a page of another site (http/caller-check.ts). */
  FOREIGN_ORIGIN: { status: 403, message: 'Requests from another site are not allowed' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed' },
  /** The client did not finish its request in time (node's own deadline, http/client-errors.ts). */
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type' },
  /** A Host this server does not answer to: DNS rebinding (http/caller-check.ts). */
  MISDIRECTED_REQUEST: { status: 421, message: 'This server does not answer to that host name' },
  RATE_LIMITED: { status: 429, message: 'Too many requests' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large' },
  /** What node's HTTP parser refuses before any route sees it (http/client-errors.ts). */
  MALFORMED_REQUEST: { status: 400, message: 'The request is not valid HTTP' },
  INTERNAL: { status: 500, message: 'Internal server error' },
} as const;

export type MarketplaceErrorName = keyof typeof MARKETPLACE_ERRORS;

export class MarketplaceError extends Error {
  readonly status: number;

  constructor(
    readonly errorName: MarketplaceErrorName,
    message: string = MARKETPLACE_ERRORS[errorName].message,
    /** The request fields at fault, answered comma-separated in `fields`. */
    readonly fields: readonly string[] = [],
  ) {
    super(message);
    this.name = 'MarketplaceError';
    this.status = MARKETPLACE_ERRORS[errorName].status;
  }

  toBody(): RestErrorBody {
    return restErrorBody(this.status, this.message, this.fields);
  }
}

export interface RestErrorBody {
  code: number;
  message: string;
  trace: unknown[];
  fields: string;
}

export function restErrorBody(status: number, message: string, fields: readonly string[] = []): RestErrorBody {
  return { code: status, message, trace: [], fields: [...new Set(fields)].join(',') };
}

export const invalidInput = (message: string, fields: readonly string[] = []) => new MarketplaceError('INVALID_INPUT', message, fields);
export const notFound = (what: string) => new MarketplaceError('NOT_FOUND', `${what} not found`);
