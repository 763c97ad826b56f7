import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatusPayload } from '../../../src-shared/ipc/channels';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { createApp } from '../../../src-main/app/create-app';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { listenMarketplace } from '../../../src-main/local-marketplace/listen';
import { DEMO_CREDENTIALS } from '../../../src-main/local-marketplace/seed/demo-credentials';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { temporaryDir } from '../../support/temporary-dir';

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };
const SYNC_DEADLINE_MS = 20_000;

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function appUnderTest() {
  const logger = createMemoryLogger();
  let starts = 0;
  const app = createApp({
    dataDir: temporaryDir(),
    host: 'web',
    logger,
    secretStore: new MemorySecretStore(),
    startLocalMarketplace: () => {
      starts += 1;
      return listenMarketplace({ port: 0, db: ':memory:' });
    },
  });
  cleanups.push(() => app.close());
  const dispatch = createDispatcher({ handlers: app.handlers, logger, isTrustedSender: (sender) => sender.url === trusted.url });
  const progress: SyncStatusPayload[] = [];
  const changes: unknown[] = [];
  app.events.subscribe((event, payload) => {
    if (event === 'sync:progress') progress.push(payload as SyncStatusPayload);
    if (event === 'workorders:did-change') changes.push(payload);
  });
  /** Calls a channel and answers its value, failing the test on an error answer. */
  async function call<T = unknown>(channel: string, input?: unknown): Promise<T> {
    const result = await dispatch(channel, input, trusted);
    if (!result.ok) throw new Error(`${channel} answered ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  }
  const invoke = (channel: string, input?: unknown): Promise<IpcResult> => dispatch(channel, input, trusted);
  return { app, logger, call, invoke, progress, changes, startCount: () => starts };
}

/** Waits for the pull to end, as a window would: by the `sync:progress` events, not by a sleep. */
async function untilSynced(progress: SyncStatusPayload[]): Promise<SyncStatusPayload> {
  const deadline = Date.now() + SYNC_DEADLINE_MS;
  for (;;) {
    const ended = progress.find((status) => status.state !== 'syncing' && status.lastSyncedAt !== null);
    const failed = progress.find((status) => status.state === 'error');
    if (failed) throw new Error(`the pull failed: ${failed.lastError?.code}`);
    if (ended) return ended;
    if (Date.now() > deadline) throw new Error('the pull did not end in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

interface Page {
  results: { id: number; title?: string | null }[];
  total: number;
  counts: Record<string, number>;
}

describe('the read channels', () => {
  it('starts nothing at startup and reads an empty cache without the network', async () => {
    const { call, startCount } = appUnderTest();
    const page = await call<Page>('workorders:list', {});
    expect(page).toMatchObject({ results: [], total: 0, page: 1, pages: 1 });
    expect(page.counts.workorders_all).toBe(0);
    expect(await call('sync:status')).toMatchObject({ environment: 'local', state: 'idle', lastSyncedAt: null });
    const environments = await call<{ id: string; active: boolean }[]>('environments:list');
    expect(environments.find((environment) => environment.active)?.id).toBe('local');
    expect(startCount()).toBe(0);
  });

  it('pulls on sync:now, then lists, searches and gets the seeded orders from the cache', async () => {
    const { call, progress, changes } = appUnderTest();
    const started = await call<SyncStatusPayload>('sync:now');
    expect(started).toMatchObject({ environment: 'local', state: 'syncing' });
    await untilSynced(progress);
    expect(changes).toContainEqual({ all: true });

    const page = await call<Page>('workorders:list', { per_page: 100, sort: 'id', order: 'asc' });
    expect(page.total).toBeGreaterThan(0);
    expect(page.counts.workorders_all).toBe(page.total);
    const seeded = page.results.find((order) => order.title === 'Receipt printer repair');
    expect(seeded).toBeDefined();

    const found = await call<Page>('workorders:list', { search: 'receipt printer' });
    expect(found.results.map((order) => order.title)).toContain('Receipt printer repair');
    const drafts = await call<Page>('workorders:list', { list: 'workorders_draft' });
    expect(drafts.total).toBe(page.counts.workorders_draft);

    expect(await call('workorders:get', { id: seeded?.id })).toMatchObject({ id: seeded?.id, title: 'Receipt printer repair' });
    const typesOfWork = await call<{ kind: string; entries: { id: number; name: string }[] }>('reference:get', { kind: 'types-of-work' });
    expect(typesOfWork.kind).toBe('types-of-work');
    expect(typesOfWork.entries.length).toBeGreaterThan(0);
    expect(typesOfWork.entries.every((entry) => typeof entry.name === 'string')).toBe(true);
    expect(await call('locations:search', { text: 'anything' })).toEqual(expect.any(Array));
  });

  it('answers WORK_ORDER_NOT_FOUND for an order outside the cache', async () => {
    const { invoke } = appUnderTest();
    expect(await invoke('workorders:get', { id: 987654 })).toMatchObject({ ok: false, error: { code: 'WORK_ORDER_NOT_FOUND' } });
  });

  it('stores credentials without ever answering or logging them', async () => {
    const { call, invoke, logger, progress } = appUnderTest();
    const secrets = { clientSecret: 'a-client-secret-nobody-may-see', password: 'a-password-nobody-may-see' };
    const answer = await invoke('credentials:set', { environment: 'sandbox', clientId: 'sandbox-client', username: 'coordinator@example.com', ...secrets });
    expect(answer).toEqual({ ok: true, value: { stored: true } });

    const environments = await call<Record<string, unknown>[]>('environments:list');
    const sandbox = environments.find((environment) => environment.id === 'sandbox');
    expect(sandbox).toMatchObject({ credentialsStored: true, signedIn: false });
    expect(Object.keys(sandbox ?? {}).sort()).toEqual(['active', 'cacheFile', 'configured', 'credentialsStored', 'editable', 'id', 'label', 'signedIn', 'urls']);

    // A pull of local also signs in with the demo credentials: none of them may reach the log.
    await call('sync:now');
    await untilSynced(progress);
    const everything = JSON.stringify([environments, logger.records]);
    for (const secret of [...Object.values(secrets), DEMO_CREDENTIALS.password, DEMO_CREDENTIALS.clientSecret]) expect(everything).not.toContain(secret);
  });

  it('answers IPC_INVALID_INPUT for bad inputs, without echoing a secret', async () => {
    const { invoke } = appUnderTest();
    const invalid = [
      ['workorders:list', { per_page: 101 }],
      ['workorders:list', { list: 'workorders_everything' }],
      ['workorders:list', { f_search: 'old name' }],
      ['workorders:get', { id: 'one' }],
      ['reference:get', { kind: 'colours' }],
      ['locations:search', {}],
      ['environments:select', { id: 'staging' }],
      ['sync:now', { please: true }],
      ['credentials:set', { environment: 'sandbox', clientId: 'x', clientSecret: '', username: 'u', password: 'hunter2-secret' }],
    ] as const;
    for (const [channel, input] of invalid) {
      const result = await invoke(channel, input);
      expect(result, channel).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
      expect(JSON.stringify(result)).not.toContain('hunter2-secret');
    }
  });

  it('switches environment: a new cache, did-change for every list, and the choice in the list', async () => {
    const { call, changes } = appUnderTest();
    const environments = await call<{ id: string; active: boolean }[]>('environments:select', { id: 'sandbox' });
    expect(environments.find((environment) => environment.active)?.id).toBe('sandbox');
    expect(changes).toContainEqual({ all: true });
    expect(await call('sync:status')).toMatchObject({ environment: 'sandbox', state: 'idle' });
    expect((await call<Page>('workorders:list', {})).total).toBe(0);
  });
});
