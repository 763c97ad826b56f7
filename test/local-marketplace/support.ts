import { afterEach } from 'vitest';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { buildMarketplace, type Marketplace } from '../../src-main/local-marketplace/server';
import type { MarketplaceOptionsInput } from '../../src-main/local-marketplace/options';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { DEMO_PHOTO_NAMES } from '../../src-main/local-marketplace/simulation/demo-deliverables';

/** The token request that signs in the demo coordinator. */
export const DEMO_PASSWORD_GRANT = {
  grant_type: 'password',
  client_id: DEMO_CREDENTIALS.clientId,
  client_secret: DEMO_CREDENTIALS.clientSecret,
  username: DEMO_CREDENTIALS.username,
  password: DEMO_CREDENTIALS.password,
} as const;

const open: Marketplace[] = [];

afterEach(async () => {
  for (const marketplace of open.splice(0)) await marketplace.close();
});

export interface TestMarketplace {
  marketplace: Marketplace;
  token: string;
  /** `inject()` a REST call: `path` is below `/api/rest/v2`; the access token is added. */
  rest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers?: Record<string, string>): Promise<RestAnswer>;
}

export interface RestAnswer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers freely and check them with expect()
  headers: Record<string, unknown>;
}

/** A fresh marketplace (in memory, demo seed unless told otherwise) signed in as the demo coordinator. */
export async function testMarketplace(options: MarketplaceOptionsInput = {}): Promise<TestMarketplace> {
  const marketplace = await buildMarketplace({ db: ':memory:', ...options });
  open.push(marketplace);
  const answer = await marketplace.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    payload: DEMO_PASSWORD_GRANT,
  });
  const token = (answer.json() as { access_token: string }).access_token;
  return {
    marketplace,
    token,
    async rest(method, path, payload, headers) {
      const separator = path.includes('?') ? '&' : '?';
      const response = await marketplace.app.inject({
        method,
        url: `${REST_API_BASE_PATH}/${path.replace(/^\//, '')}${separator}access_token=${encodeURIComponent(token)}`,
        ...(payload === undefined ? {} : typeof payload === 'string' ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } } : { payload: payload as object, headers }),
      });
      let body: unknown = response.body;
      try {
        body = response.json();
      } catch {
        // Not JSON: tests see the text.
      }
      return { status: response.statusCode, body, headers: response.headers };
    },
  };
}

/** Stored names of the files the demo seed put on disk (its photo deliverables), for tests that count files. */
export function seededFileNames(marketplace: Marketplace): string[] {
  return marketplace.context.db.prepare(`SELECT stored_name FROM attachments WHERE mime = 'image/png' AND name IN (SELECT value FROM json_each(?))`).pluck().all(JSON.stringify(DEMO_PHOTO_NAMES)) as string[];
}
