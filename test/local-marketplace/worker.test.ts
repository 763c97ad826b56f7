import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { startMarketplaceInWorker, type WorkerMarketplace } from '../../src-main/local-marketplace/in-worker';
import { listenMarketplace } from '../../src-main/local-marketplace/listen';
import type { OpenApiDocument } from '../../src-main/local-marketplace/openapi';
import { buildFromSources } from '../support/build-from-sources';

const started: WorkerMarketplace[] = [];
let built: string;

// A worker thread cannot load TypeScript: bundle the worker entry as the app's build does.
beforeAll(async () => {
  built = await buildFromSources({ 'marketplace-worker': 'src-main/local-marketplace/worker.ts' });
}, 60_000);

afterAll(() => rmSync(built, { recursive: true, force: true }));

afterEach(async () => {
  for (const marketplace of started.splice(0)) await marketplace.close();
});

async function start(options: Parameters<typeof startMarketplaceInWorker>[0] = {}): Promise<WorkerMarketplace> {
  const marketplace = await startMarketplaceInWorker({ port: 0, ...options }, { workerFile: join(built, 'marketplace-worker.js') });
  started.push(marketplace);
  return marketplace;
}

async function signIn(marketplace: Pick<WorkerMarketplace, 'authUrl' | 'credentials'>): Promise<Response> {
  const { credentials } = marketplace;
  return fetch(`${marketplace.authUrl}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      username: credentials.username,
      password: credentials.password,
    }),
  });
}

describe('the marketplace in a worker thread', () => {
  it('listens on a free port of 127.0.0.1 and answers the token endpoint and REST calls', { timeout: 60_000 }, async () => {
    const marketplace = await start();
    expect(marketplace.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/rest\/v2$/);
    expect(marketplace.authUrl).toBe(marketplace.origin);
    expect(marketplace.webhookUrl).toBe(marketplace.origin);
    expect(marketplace.seeded).toBe(true);

    const token = await signIn(marketplace);
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };

    // Any authenticated list the server documents: the worker serves what the registry holds.
    const document = (await (await fetch(`${marketplace.origin}/__local/openapi.json`)).json()) as OpenApiDocument;
    expect(document.servers[0]?.url).toBe(marketplace.origin);
    const listPath = Object.entries(document.paths).find(([path, item]) => !path.includes('{') && (item.get as { security?: unknown } | undefined)?.security)?.[0];
    expect(listPath).toBeDefined();
    const list = await fetch(`${marketplace.origin}${listPath}?access_token=${accessToken}`);
    expect(list.status).toBe(200);
    const refused = await fetch(`${marketplace.origin}${listPath}`);
    expect(refused.status).toBe(401);
  });

  it('closes: the port stops answering and the thread ends', { timeout: 60_000 }, async () => {
    const marketplace = await start({ seed: 'none' });
    expect(marketplace.seeded).toBe(false);
    expect((await fetch(`${marketplace.origin}/__local/clock`)).status).toBe(200);
    await marketplace.close();
    await marketplace.close();
    await expect(fetch(`${marketplace.origin}/__local/clock`)).rejects.toThrow();
  });

  it('runs two at once on different ports', { timeout: 60_000 }, async () => {
    const [first, second] = await Promise.all([start({ environment: 'production' }), start()]);
    expect(first?.origin).not.toBe(second?.origin);
    expect(first?.environment).toBe('production');
  });

  it('rejects when the marketplace cannot start, with the reason', { timeout: 60_000 }, async () => {
    await expect(startMarketplaceInWorker({ port: 0, db: '/nonexistent-folder/market.db' }, { workerFile: join(built, 'marketplace-worker.js') })).rejects.toThrow(/directory does not exist|unable to open/i);
  });
});

describe('the marketplace in-process (listenMarketplace)', () => {
  it('listens on a free port, knows its origin, and frees the port when closed', async () => {
    const listening = await listenMarketplace({ port: 0 });
    try {
      expect(listening.marketplace.context.origin).toBe(listening.origin);
      expect(listening.baseUrl).toBe(`${listening.origin}/api/rest/v2`);
      expect((await signIn(listening)).status).toBe(200);
    } finally {
      await listening.close();
    }
    await expect(fetch(`${listening.origin}/__local/clock`)).rejects.toThrow();
  });

  it('rejects a port in use, and leaves nothing open', async () => {
    const first = await listenMarketplace({ port: 0 });
    try {
      const port = Number(new URL(first.origin).port);
      await expect(listenMarketplace({ port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });
});
