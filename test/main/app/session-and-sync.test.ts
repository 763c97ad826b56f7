import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnvironmentSummary, SignInState } from '../../../src-shared/ipc/channels';
import { SYNC_INTERVAL_MS } from '../../../src-main/app/workspace';
import type * as Tokens from '../../../src-main/local-marketplace/auth/tokens';
import { DEMO_CREDENTIALS } from '../../../src-main/local-marketplace/seed/demo-credentials';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { SECRET_FIELDS } from '../../../src-main/platform/secret-store';
import { NO_KEYCHAIN_REASON } from '../../../src-main/platform/secret-store-factory';
import { addWorkOrders } from '../sync/support';
import { appUnderTest, untilPulls } from './support';

/** Every access and refresh token the marketplace hands out in this file, to look for them where they must not be. */
const issuedTokens = vi.hoisted(() => [] as string[]);
vi.mock('../../../src-main/local-marketplace/auth/tokens', async (importOriginal) => {
  const original = await importOriginal<typeof Tokens>();
  return {
    ...original,
    issueToken: (...args: Parameters<typeof Tokens.issueToken>) => {
      const token = original.issueToken(...args);
      issuedTokens.push(token.access_token, token.refresh_token);
      return token;
    },
  };
});

afterEach(() => {
  vi.useRealTimers();
});

interface Page {
  results: { id: number; title?: string | null }[];
  total: number;
  pages: number;
  counts: Record<string, number>;
}

const SANDBOX_CREDENTIALS = { clientId: 'sandbox-client', clientSecret: 'sandbox-client-secret-9f8e', username: 'coordinator@example.com', password: 'sandbox-password-7d6c' };

describe('sign-in, sign-out and sync through IPC', () => {
  it('signs in and pulls at once; signing out wipes every keychain entry of that environment only', async () => {
    const secretStore = new MemorySecretStore();
    const { call, progress } = appUnderTest({ secretStore });
    await call('credentials:set', { environment: 'sandbox', ...SANDBOX_CREDENTIALS });

    expect(await call<SignInState>('session:sign-in', {})).toEqual({ environment: 'local', state: 'signed-in' });
    await untilPulls(progress);
    expect((await call<Page>('workorders:list', {})).total).toBeGreaterThan(0);
    expect((await call<EnvironmentSummary[]>('environments:list')).find((environment) => environment.id === 'local')).toMatchObject({ signedIn: true, credentialsStored: true });
    for (const field of SECRET_FIELDS) expect(await secretStore.has('local', field), field).toBe(true);

    expect(await call<SignInState>('session:sign-out')).toEqual({ environment: 'local', state: 'signed-out' });
    for (const field of SECRET_FIELDS) expect(await secretStore.has('local', field), field).toBe(false);
    for (const field of ['client_id', 'client_secret', 'username', 'password'] as const) expect(await secretStore.has('sandbox', field), field).toBe(true);
    expect((await call<EnvironmentSummary[]>('environments:list')).find((environment) => environment.id === 'local')).toMatchObject({ signedIn: false, credentialsStored: false });
    // The cache stays readable offline after signing out.
    expect((await call<Page>('workorders:list', {})).total).toBeGreaterThan(0);
  });

  it('syncs 500 orders, reads and searches them, and leaves no secret in the cache files or the log', async () => {
    const secretStore = new MemorySecretStore();
    const { call, progress, marketplace, dataDir } = appUnderTest({ secretStore });
    await call('credentials:set', { environment: 'sandbox', ...SANDBOX_CREDENTIALS });
    await call('session:sign-in', {});
    await untilPulls(progress);

    const market = await marketplace();
    const seeded = (await call<Page>('workorders:list', {})).total;
    addWorkOrders(market, 500 - seeded, (index) => (index === 321 ? 'Replace the rooftop condenser fan' : `Bulk order ${index}`));
    await call('sync:now');
    await untilPulls(progress, 2);

    const all = await call<Page>('workorders:list', { per_page: 100, sort: 'id', order: 'asc' });
    expect(all).toMatchObject({ total: 500, pages: 5 });
    expect(all.counts.workorders_all).toBe(500);
    const last = await call<Page>('workorders:list', { per_page: 100, page: 5, sort: 'id', order: 'asc' });
    expect(last.results).toHaveLength(100);
    expect((await call<Page>('workorders:list', { search: 'rooftop condens' })).results.map((order) => order.title)).toEqual(['Replace the rooftop condenser fan']);
    // Every bulk order but the retitled one.
    expect((await call<Page>('workorders:list', { search: 'Bulk order' })).total).toBe(500 - seeded - 1);
    expect((await call<Page>('workorders:list', { list: 'workorders_draft' })).total).toBe(all.counts.workorders_draft);

    const cacheFile = (await call<EnvironmentSummary[]>('environments:list')).find((environment) => environment.id === 'local')?.cacheFile ?? '';
    const secrets = [
      DEMO_CREDENTIALS.clientSecret,
      DEMO_CREDENTIALS.password,
      SANDBOX_CREDENTIALS.clientSecret,
      SANDBOX_CREDENTIALS.password,
      ...issuedTokens,
      (await secretStore.get('local', 'refresh_token')) ?? 'no refresh token stored',
    ];
    expect(issuedTokens.length).toBeGreaterThanOrEqual(2);
    // Read while the app runs, so the write-ahead log and its index still hold what the pull wrote.
    const files = ['', '-wal', '-shm'].map((suffix) => `${cacheFile}${suffix}`);
    expect(files.filter(existsSync)).toEqual(files);
    const log = readFileSync(join(dataDir, 'logs', 'main.log'), 'latin1');
    expect(log.length).toBeGreaterThan(0);
    const cacheBytes = files.map((file) => readFileSync(file).toString('latin1'));
    // The scan can see what the pull wrote, so finding no secret means something.
    expect(cacheBytes.some((bytes) => bytes.includes('Replace the rooftop condenser fan'))).toBe(true);
    for (const bytes of [...cacheBytes, log]) {
      for (const secret of secrets) expect(bytes.includes(secret), `a secret of ${secret.length} characters`).toBe(false);
    }
  }, 60_000);

  it('pulls on a timer once connected, and stops when the workspace disconnects', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { call, progress } = appUnderTest({ secretStore: new MemorySecretStore() });
    await call('session:sign-in', {});
    await untilPulls(progress);

    const starts = () => progress.filter((status, index) => status.state === 'syncing' && progress[index - 1]?.state !== 'syncing').length;
    expect(starts()).toBe(1);
    vi.advanceTimersByTime(SYNC_INTERVAL_MS - 1);
    expect(starts()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(starts()).toBe(2);
    await untilPulls(progress, 2);

    await call('session:sign-out');
    vi.advanceTimersByTime(SYNC_INTERVAL_MS * 3);
    expect(starts()).toBe(2);
  });
});

describe('app:info', () => {
  it('reports the environment environments:select chose', async () => {
    const { call } = appUnderTest({ secretStore: new MemorySecretStore() });
    expect(await call('app:info')).toMatchObject({ environment: 'local', keychain: { persistent: true } });
    await call('environments:select', { id: 'sandbox' });
    expect(await call('app:info')).toMatchObject({ environment: 'sandbox' });
    await call('environments:select', { id: 'local' });
    expect(await call('app:info')).toMatchObject({ environment: 'local' });
  });

  it('says when no keychain answers and credentials last for this session, and signing in still works', async () => {
    const { call, progress } = appUnderTest({
      keychain: {
        loadKeytar: async () => {
          throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY');
        },
      },
    });
    expect(await call('app:info')).toMatchObject({ keychain: { persistent: false, reason: NO_KEYCHAIN_REASON } });
    expect(await call<SignInState>('session:sign-in', {})).toMatchObject({ state: 'signed-in' });
    await untilPulls(progress);
    expect((await call<EnvironmentSummary[]>('environments:list')).find((environment) => environment.id === 'local')).toMatchObject({ signedIn: true });
  });
});

