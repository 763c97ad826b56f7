import { afterEach } from 'vitest';
import { TOKEN_PATH } from '../../../src-shared/api/token';
import { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { ApiError } from '../../../src-main/api-client/api-error';
import { memoryCredentialSource } from '../../../src-main/api-client/credential-source';
import type { HttpRequest } from '../../../src-main/api-client/http-transport';
import type { HttpTransportOptions } from '../../../src-main/api-client/http-transport';
import { listenMarketplace, type ListeningMarketplace } from '../../../src-main/local-marketplace/listen';
import { createMemoryLogger } from '../../../src-main/platform/logger';

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export const TOKEN_LIFETIME_SECONDS = 600;

export interface ClientUnderTest {
  market: ListeningMarketplace;
  client: MarketplaceClient;
  credentials: ReturnType<typeof memoryCredentialSource>;
  logger: ReturnType<typeof createMemoryLogger>;
  /** The grant types sent to the token endpoint, in order. */
  grants: string[];
}

/** A real local marketplace on port 0 and a client signed in to it with the demo credentials. */
export async function clientUnderTest({ http }: { http?: Omit<HttpTransportOptions, 'logger'> } = {}): Promise<ClientUnderTest> {
  const market = await listenMarketplace({ port: 0, db: ':memory:', tokenLifetimeSeconds: TOKEN_LIFETIME_SECONDS });
  cleanups.push(() => market.close());
  const { clientId, clientSecret, username, password } = market.credentials;
  const credentials = memoryCredentialSource({ clientId, clientSecret, username, password });
  const logger = createMemoryLogger();
  const client = new MarketplaceClient({ baseUrl: market.baseUrl, authUrl: market.authUrl, credentials, logger, http });
  cleanups.push(() => client.dispose());
  const grants: string[] = [];
  const send = client.transport.send.bind(client.transport);
  client.transport.send = (request: HttpRequest) => {
    if (new URL(request.url).pathname === TOKEN_PATH) grants.push(request.form?.grant_type ?? 'unknown');
    return send(request);
  };
  return { market, client, credentials, logger, grants };
}

/** The control plane of the marketplace (decisions §9), over HTTP like any other client. */
export async function control(market: ListeningMarketplace, path: string, body?: unknown): Promise<unknown> {
  const answer = await fetch(`${market.origin}/__local/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`control ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
}

/** Makes every access token the marketplace issued so far expire. */
export function expireTokens(market: ListeningMarketplace): void {
  market.marketplace.context.clock.advance(TOKEN_LIFETIME_SECONDS + 1);
}

/** Uses a refresh token behind the session's back, which revokes it (decisions §4). */
export async function revokeRefreshToken(market: ListeningMarketplace, refreshToken: string): Promise<void> {
  const answer = await fetch(`${market.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'refresh_token', client_id: market.credentials.clientId, client_secret: market.credentials.clientSecret, refresh_token: refreshToken }),
  });
  if (answer.status !== 200) throw new Error(`refresh answered ${answer.status}`);
}

/** The ApiError a call rejects with; fails the test when it resolves or rejects with anything else. */
export async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const failure = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(failure instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(failure)}`);
  return failure;
}
