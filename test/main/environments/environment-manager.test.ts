import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { openCache } from '../../../src-main/db/database';
import { EnvironmentManager, type LocalMarketplace } from '../../../src-main/environments/environment-manager';
import { secretCredentialSource } from '../../../src-main/environments/secret-credential-source';
import { listenMarketplace } from '../../../src-main/local-marketplace/listen';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { temporaryDir } from '../../support/temporary-dir';

const SANDBOX = {
  baseUrl: 'https://sandbox.example.com/api/rest/v2',
  authUrl: 'https://sandbox.example.com',
  webhookUrl: 'https://webhooks.sandbox.example.com',
};
const PRODUCTION_CREDENTIALS = { clientId: 'prod-client', clientSecret: 'prod-client-secret', username: 'coordinator@example.com', password: 'correct horse battery staple' };

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ManagerSetup {
  dataDir?: string;
  secretStore?: MemorySecretStore;
  start?: () => Promise<LocalMarketplace>;
}

function managerUnderTest({ dataDir = temporaryDir(), secretStore = new MemorySecretStore(), start = () => listenMarketplace({ port: 0, db: ':memory:' }) }: ManagerSetup = {}) {
  const startLocalMarketplace = vi.fn(start);
  const manager = new EnvironmentManager({ dataDir, secretStore, logger: createMemoryLogger(), startLocalMarketplace });
  cleanups.push(() => manager.close());
  return { manager, dataDir, secretStore, startLocalMarketplace };
}

async function codeOf(action: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await action();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return undefined;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the environment manager', () => {
  it('lists the four environments, starts on local, and keeps the choice and addresses across a restart', async () => {
    const { manager, dataDir } = managerUnderTest();
    expect(manager.active()).toBe('local');
    expect((await manager.list()).map(({ id, active, editable, configured }) => ({ id, active, editable, configured }))).toEqual([
      { id: 'local', active: true, editable: false, configured: true },
      { id: 'sandbox', active: false, editable: true, configured: false },
      { id: 'production', active: false, editable: true, configured: false },
      { id: 'custom', active: false, editable: true, configured: false },
    ]);
    manager.select('sandbox');
    await manager.updateUrls('sandbox', SANDBOX);

    const restarted = managerUnderTest({ dataDir }).manager;
    expect(restarted.active()).toBe('sandbox');
    const sandbox = (await restarted.list()).find((environment) => environment.id === 'sandbox');
    expect(sandbox).toMatchObject({ urls: SANDBOX, configured: true, active: true });
  });

  it('refuses to edit local, refuses bad addresses, and needs addresses before it connects', async () => {
    const { manager } = managerUnderTest();
    expect(await codeOf(() => manager.updateUrls('local', SANDBOX))).toBe('ENVIRONMENT_URLS_FIXED');
    expect(await codeOf(() => manager.updateUrls('production', { ...SANDBOX, baseUrl: 'http://plain.example.com' }))).toBe('ENVIRONMENT_INVALID_URL');
    expect(await codeOf(() => manager.connection('sandbox'))).toBe('ENVIRONMENT_NOT_CONFIGURED');
    await manager.updateUrls('sandbox', SANDBOX);
    expect(await manager.connection('sandbox')).toMatchObject({ id: 'sandbox', ...SANDBOX });
  });

  it('keeps credentials in the secret store only, reports them as flags, and signs out one environment', async () => {
    const { manager, dataDir, secretStore } = managerUnderTest();
    await manager.updateUrls('production', { ...SANDBOX });
    await manager.setCredentials('production', PRODUCTION_CREDENTIALS);
    await manager.setCredentials('sandbox', { ...PRODUCTION_CREDENTIALS, password: 'sandbox password' });
    await secretStore.set('production', 'refresh_token', 'production-refresh');
    manager.select('production');
    openCache(manager.cacheFile('production')).close();

    expect(await secretStore.get('production', 'password')).toBe(PRODUCTION_CREDENTIALS.password);
    const summary = JSON.stringify(await manager.list());
    for (const secret of Object.values(PRODUCTION_CREDENTIALS)) expect(summary).not.toContain(secret);
    for (const file of filesUnder(dataDir)) {
      const content = readFileSync(file, 'latin1');
      expect(content).not.toContain(PRODUCTION_CREDENTIALS.password);
      expect(content).not.toContain(PRODUCTION_CREDENTIALS.clientSecret);
      expect(content).not.toContain('production-refresh');
    }
    expect((await manager.list()).find((environment) => environment.id === 'production')).toMatchObject({ credentialsStored: true, signedIn: true });
    expect(await codeOf(() => manager.setCredentials('custom', { ...PRODUCTION_CREDENTIALS, password: '' }))).toBe('SECRET_EMPTY');

    await manager.signOut('production');
    expect((await manager.list()).find((environment) => environment.id === 'production')).toMatchObject({ credentialsStored: false, signedIn: false });
    expect(await secretStore.has('production', 'password')).toBe(false);
    expect(await secretStore.has('production', 'refresh_token')).toBe(false);
    expect(await secretStore.get('sandbox', 'password')).toBe('sandbox password');
  });

  it('forgets the refresh token when the token endpoint moves', async () => {
    const { manager, secretStore } = managerUnderTest();
    await manager.updateUrls('sandbox', SANDBOX);
    await secretStore.set('sandbox', 'refresh_token', 'old-server-token');
    await manager.updateUrls('sandbox', { ...SANDBOX, baseUrl: 'https://sandbox.example.com/api/rest/v2/' });
    expect(await secretStore.get('sandbox', 'refresh_token')).toBe('old-server-token');
    await manager.updateUrls('sandbox', { ...SANDBOX, authUrl: 'https://auth.sandbox.example.com' });
    expect(await secretStore.has('sandbox', 'refresh_token')).toBe(false);
  });

  it('starts the local marketplace once for concurrent callers and signs in with its demo credentials', async () => {
    const { manager, secretStore, startLocalMarketplace } = managerUnderTest();
    const connections = await Promise.all([manager.connection('local'), manager.connection('local'), manager.connection('local')]);
    expect(startLocalMarketplace).toHaveBeenCalledTimes(1);
    expect(new Set(connections.map((connection) => connection.baseUrl)).size).toBe(1);

    const [connection] = connections;
    const client = new MarketplaceClient({ baseUrl: connection.baseUrl, authUrl: connection.authUrl, credentials: connection.credentialSource });
    cleanups.push(() => client.dispose());
    await client.session.signIn();
    expect(client.session.state).toBe('signed-in');
    await expect(client.company.tags()).resolves.toBeDefined();
    expect(await secretStore.has('local', 'refresh_token')).toBe(true);
    expect((await manager.list())[0]).toMatchObject({ id: 'local', urls: { baseUrl: connection.baseUrl }, credentialsStored: true, signedIn: true });

    // Signing out of local clears its secrets; the next connection restores the demo credentials.
    await manager.signOut('local');
    await manager.connection('local');
    expect(startLocalMarketplace).toHaveBeenCalledTimes(1);
    expect(await connection.credentialSource.credentials()).toMatchObject({ username: 'dispatch@northwind.example' });

    await manager.close();
    await expect(fetch(connection.authUrl)).rejects.toThrow();
  });

  it('answers LOCAL_MARKETPLACE_FAILED when the start fails, and tries again on the next use', async () => {
    let attempts = 0;
    const start = () => (++attempts === 1 ? Promise.reject(new Error('port in use')) : listenMarketplace({ port: 0, db: ':memory:' }));
    const { manager } = managerUnderTest({ start });
    expect(await codeOf(() => manager.connection('local'))).toBe('LOCAL_MARKETPLACE_FAILED');
    expect((await manager.connection('local')).baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('gives every environment its own cache file under the data dir', async () => {
    const { manager, dataDir } = managerUnderTest();
    const files = (['local', 'sandbox', 'production', 'custom'] as const).map((id) => manager.cacheFile(id));
    expect(new Set(files).size).toBe(4);
    expect(files[2]).toBe(join(dataDir, 'cache', 'production.sqlite3'));
    for (const file of files) openCache(file).close();
    expect(filesUnder(join(dataDir, 'cache')).filter((file) => file.endsWith('.sqlite3')).sort()).toEqual([...files].sort());
  });

  it('round-trips the refresh token through the credential source', async () => {
    const secretStore = new MemorySecretStore();
    const source = secretCredentialSource(secretStore, 'custom');
    expect(await source.credentials()).toBeUndefined();
    await source.setRefreshToken('refresh-1');
    expect(await source.refreshToken()).toBe('refresh-1');
    expect(await secretStore.get('custom', 'refresh_token')).toBe('refresh-1');
    expect(await secretStore.has('sandbox', 'refresh_token')).toBe(false);
    await source.setRefreshToken(undefined);
    expect(await source.refreshToken()).toBeUndefined();
    expect(await secretStore.has('custom', 'refresh_token')).toBe(false);
  });

  it('removes credentials whose addresses were changed behind its back, and binds ones stored before the record existed', async () => {
    const dataDir = temporaryDir();
    const secretStore = new MemorySecretStore();
    const first = managerUnderTest({ dataDir, secretStore });
    await first.manager.updateUrls('production', { ...SANDBOX, baseUrl: 'https://prod.example.com/api/rest/v2', authUrl: 'https://prod.example.com' });
    await first.manager.setCredentials('production', PRODUCTION_CREDENTIALS);
    expect(await (await first.manager.connection('production')).credentialSource.credentials()).toEqual(PRODUCTION_CREDENTIALS);

    // A hand edit (or another program) points production's token address elsewhere.
    const file = join(dataDir, 'environments.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    stored.urls.production.authUrl = 'https://attacker.example.net';
    writeFileSync(file, JSON.stringify(stored));
    const second = managerUnderTest({ dataDir, secretStore });
    expect(await (await second.manager.connection('production')).credentialSource.credentials()).toBeUndefined();
    expect(await secretStore.has('production', 'password')).toBe(false);

    // Credentials from a version that kept no record: bound to the addresses they are found with.
    delete stored.credentialOrigins;
    writeFileSync(file, JSON.stringify(stored));
    for (const [field, value] of [['client_id', 'c'], ['client_secret', 'secret-1'], ['username', 'u'], ['password', 'password-1']] as const) await secretStore.set('production', field, value);
    const third = managerUnderTest({ dataDir, secretStore });
    expect(await (await third.manager.connection('production')).credentialSource.credentials()).toMatchObject({ password: 'password-1' });
    expect(JSON.parse(readFileSync(file, 'utf8')).credentialOrigins.production).toEqual({ auth: 'https://attacker.example.net', api: 'https://prod.example.com', webhook: 'https://webhooks.sandbox.example.com' });
  });
});
