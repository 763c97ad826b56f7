import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { EnvironmentSummary } from '../../../src-shared/ipc/channels';
import { DEMO_CREDENTIALS } from '../../../src-main/local-marketplace/seed/demo-credentials';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { appUnderTest } from './support';

interface Captured {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of servers.splice(0)) await close();
});

/** A server somebody else runs: it records whatever reaches it and answers like a token endpoint would. */
async function captureServer(): Promise<{ origin: string; requests: Captured[] }> {
  const requests: Captured[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'captured', token_type: 'bearer', expires_in: 3600 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const { clientId, clientSecret, username, password } = DEMO_CREDENTIALS;

/** An app whose custom environment points at its running local marketplace, with credentials stored and signed in. */
async function signedInCustom() {
  const secretStore = new MemorySecretStore();
  const harness = appUnderTest({ secretStore });
  await harness.call('session:sign-in', {});
  const market = await harness.marketplace();
  const urls = { baseUrl: market.baseUrl, authUrl: market.authUrl, webhookUrl: market.webhookUrl };
  await harness.call('environments:update-urls', { id: 'custom', ...urls });
  await harness.call('credentials:set', { environment: 'custom', clientId, clientSecret, username, password });
  await harness.call('environments:select', { id: 'custom' });
  expect(await harness.call('session:sign-in', {})).toEqual({ environment: 'custom', state: 'signed-in' });
  return { ...harness, urls, secretStore };
}

const custom = (list: EnvironmentSummary[]) => list.find((environment) => environment.id === 'custom');

describe('credentials bound to the addresses they were entered for', () => {
  it('removes them when the token address moves to another server, says so, and that server receives no secret', async () => {
    const { call, invoke, urls, secretStore } = await signedInCustom();
    const capture = await captureServer();

    const answer = await call<{ environments: EnvironmentSummary[]; credentialsRemoved: boolean }>('environments:update-urls', { id: 'custom', ...urls, authUrl: capture.origin });
    expect(answer.credentialsRemoved).toBe(true);
    expect(custom(answer.environments)).toMatchObject({ credentialsStored: false, signedIn: false });
    expect([...(await secretStore.accounts())].filter((account) => account.startsWith('custom:'))).toEqual([]);

    expect(await invoke('session:sign-in', {})).toMatchObject({ ok: false, error: { code: 'AUTH_CREDENTIALS_REQUIRED' } });
    await invoke('sync:now');
    const seen = JSON.stringify(capture.requests);
    for (const secret of [clientSecret, password]) expect(seen).not.toContain(secret);
    expect(capture.requests).toEqual([]);
  });

  it('never sends the access token to a new API origin, even with the token address unchanged', async () => {
    const { call, invoke, urls } = await signedInCustom();
    const capture = await captureServer();

    const answer = await call<{ credentialsRemoved: boolean }>('environments:update-urls', { id: 'custom', ...urls, baseUrl: `${capture.origin}/api/rest/v2` });
    expect(answer.credentialsRemoved).toBe(true);
    await invoke('sync:now');
    expect(await invoke('workorders:refresh', { id: 1 })).toMatchObject({ ok: false });
    expect(capture.requests.filter((request) => request.headers.authorization !== undefined)).toEqual([]);
  });

  it('keeps them when only the path changes on the same origin', async () => {
    const { call, urls } = await signedInCustom();
    const answer = await call<{ environments: EnvironmentSummary[]; credentialsRemoved: boolean }>('environments:update-urls', { id: 'custom', ...urls, authUrl: `${urls.authUrl}/` });
    expect(answer.credentialsRemoved).toBe(false);
    expect(custom(answer.environments)).toMatchObject({ credentialsStored: true });
    expect(await call('session:sign-in', {})).toEqual({ environment: 'custom', state: 'signed-in' });
  });
});
