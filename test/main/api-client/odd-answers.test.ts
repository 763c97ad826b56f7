import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../../src-shared/api/token';
import { failureOf } from './support';
import { memoryCredentialSource } from '../../../src-main/api-client/credential-source';
import { HttpTransport } from '../../../src-main/api-client/http-transport';
import { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { createMemoryLogger } from '../../../src-main/platform/logger';

// What the local marketplace never does: a proxy's HTML page, an address that is not one, a gateway
// prefix in front of the token endpoint. A stub server stands in for such a deployment.

const HTML = '<html><body>Bad gateway</body></html>';
const credentials = { clientId: 'id', clientSecret: 'client-secret-x1', username: 'ann', password: 'password-x2' };

let server: Server | undefined;
afterEach(async () => {
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

/** Answers the token endpoint under `/gateway`, work orders with an HTML 200, and tags with an HTML 502. */
async function stub(): Promise<{ origin: string; paths: string[] }> {
  const paths: string[] = [];
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stub').pathname;
    paths.push(`${request.method} ${path}`);
    request.resume();
    if (path === `/gateway${TOKEN_PATH}`) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'access-x3', expires_in: 600, token_type: 'bearer' }));
    } else if (path.endsWith('/workorders/1')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(HTML);
    } else {
      response.writeHead(502, { 'content-type': 'application/json' });
      response.end(HTML);
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

describe('answers and addresses the local marketplace never gives', () => {
  it('appends the token path to an auth address that has a path of its own', async () => {
    const { origin, paths } = await stub();
    const client = new MarketplaceClient({ baseUrl: `${origin}/api/`, authUrl: `${origin}/gateway/`, credentials: memoryCredentialSource(credentials) });
    await failureOf(client.workOrders.get(1));
    expect(paths).toEqual([`POST /gateway${TOKEN_PATH}`, 'GET /api/workorders/1']);
    await client.dispose();
  });

  it('turns an HTML page into API_INVALID_RESPONSE on a 200 and API_SERVER_ERROR on a 502, quoting neither it nor a secret', async () => {
    const { origin } = await stub();
    const logger = createMemoryLogger();
    const client = new MarketplaceClient({ baseUrl: `${origin}/api`, authUrl: `${origin}/gateway`, credentials: memoryCredentialSource(credentials), logger });
    const invalid = await failureOf(client.workOrders.get(1));
    expect(invalid).toMatchObject({ code: 'API_INVALID_RESPONSE', status: 200 });
    const failing = await failureOf(client.company.tags());
    expect(failing).toMatchObject({ code: 'API_SERVER_ERROR', status: 502 });
    const seen = [invalid.message, failing.message, JSON.stringify(logger.records)].join('\n');
    for (const text of ['Bad gateway', 'access-x3', credentials.clientSecret, credentials.password]) expect(seen).not.toContain(text);
    await client.dispose();
  });

  it('answers an address that is not a URL with ENVIRONMENT_INVALID_URL, not a TypeError', async () => {
    const transport = new HttpTransport();
    const failure = await failureOf(transport.send({ method: 'GET', url: 'sandbox.example.com/api', query: { access_token: 'access-x3' } }));
    expect(failure.code).toBe('ENVIRONMENT_INVALID_URL');
    expect(failure.message).not.toContain('access-x3');
    await transport.close();
  });
});
