import { WEBHOOK_PATH_PREFIXES, WEBHOOK_TOKEN_HEADER } from '../../src-shared/api/webhook';
import { hashToken } from '../../src-main/local-marketplace/auth/secrets';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import type { RestAnswer } from './support';

export const SANDBOX = WEBHOOK_PATH_PREFIXES.sandbox;
export const OTHER_COMPANY_ID = 1002;
export const OTHER_SVC_TOKEN = 'other-svc-token';

/** A receiver that is never called: these tests register, they do not deliver. */
export const RECEIVER = 'http://127.0.0.1:9/hooks';

export interface ServiceCall {
  payload?: unknown;
  /** The svc-token header; null sends none. */
  token?: string | null;
  prefix?: string;
  headers?: Record<string, string>;
}

/** `inject()` a webhook service call: `path` is below the prefix; the demo svc-token is sent unless told. */
export async function callService(marketplace: Marketplace, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, call: ServiceCall = {}): Promise<RestAnswer> {
  const { payload, token = DEMO_CREDENTIALS.svcToken, prefix = SANDBOX, headers = {} } = call;
  const form = typeof payload === 'string';
  const response = await marketplace.app.inject({
    method,
    url: `${prefix}${path}`,
    headers: {
      ...(token === null ? {} : { [WEBHOOK_TOKEN_HEADER]: token }),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as string | object }),
  });
  let body: unknown = response.body;
  try {
    body = response.json();
  } catch {
    // Not JSON (a 204 has no body): tests see the text.
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/** A second buyer company with its own svc-token, as the demo seed makes only one. */
export function addOtherCompany(marketplace: Marketplace): void {
  const { db } = marketplace.context;
  db.prepare('INSERT INTO companies (id, name) VALUES (?, ?)').run(OTHER_COMPANY_ID, 'Other Buyer Inc');
  db.prepare('INSERT INTO svc_tokens (token_hash, company_id) VALUES (?, ?)').run(hashToken(OTHER_SVC_TOKEN), OTHER_COMPANY_ID);
}
