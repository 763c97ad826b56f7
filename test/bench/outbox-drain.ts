// Budgets (ARCHITECTURE.md): 1,000 queued writes drain against the local marketplace in under 5 s;
// queueing a write answers the renderer in under 5 ms. The app runs whole (createApp, IPC through
// its dispatcher, a cache file on disk) against the marketplace in a worker thread, as the app runs
// it. (a) 1,000 writes (3 edits and 2 expenses on each of 200 orders) are queued while working
// offline, then timed from "back online" to an empty outbox; the baseline is the same 1,000
// requests sent straight with the API client, as many in flight as the outbox sends. (b) The answer
// time of 1,000 `workorders:update` calls, against `workorders:get` (a cache read) in the same
// run. Run: `npm run bench -- outbox-drain`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import { memoryCredentialSource } from '../../src-main/api-client/credential-source';
import { MarketplaceClient } from '../../src-main/api-client/marketplace-client';
import { type App, createApp } from '../../src-main/app/create-app';
import { createDispatcher, type Sender } from '../../src-main/ipc/dispatcher';
import { startMarketplaceInWorker, type WorkerMarketplace } from '../../src-main/local-marketplace/in-worker';
import { MemorySecretStore } from '../../src-main/platform/memory-secret-store';
import { forEachConcurrently } from '../../src-main/sync/concurrency';
import { buildFromSources } from '../support/build-from-sources';
import { percentileOfSorted } from '../support/percentile';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ORDERS = 200;
const EDITS_PER_ORDER = 3;
const EXPENSES_PER_ORDER = 2;
const CALLS = 1_000;
const ROUNDS = 3;
/** Lanes the outbox sends side by side (the runner's default), and so the baseline's requests in flight. */
const CONCURRENCY = 4;
const DRAIN_BUDGET_MS = 5_000;
const QUEUE_BUDGET_MS = 5;
const TRUSTED: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };

type Write = { kind: 'edit'; id: number; title: string } | { kind: 'expense'; id: number; description: string };

/** 1,000 writes, the orders interleaved as a coordinator would touch them; `tag` keeps each round's values new. */
function writes(orders: readonly number[], tag: string): Write[] {
  const list: Write[] = [];
  for (let step = 0; step < EDITS_PER_ORDER + EXPENSES_PER_ORDER; step += 1) {
    for (const id of orders) {
      list.push(step < EDITS_PER_ORDER ? { kind: 'edit', id, title: `Drain ${tag} ${id} v${step}` } : { kind: 'expense', id, description: `Drain ${tag} ${id} e${step}` });
    }
  }
  return list;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

function describe(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label}: p50 ${ms(percentileOfSorted(sorted, 0.5))}, p95 ${ms(percentileOfSorted(sorted, 0.95))}, max ${ms(sorted.at(-1) ?? Number.NaN)} (${samples.length})`;
}

async function signedInClient(marketplace: WorkerMarketplace): Promise<MarketplaceClient> {
  const { clientId, clientSecret, username, password } = marketplace.credentials;
  const client = new MarketplaceClient({ baseUrl: marketplace.baseUrl, authUrl: marketplace.authUrl, credentials: memoryCredentialSource({ clientId, clientSecret, username, password }) });
  await client.session.getAccessToken();
  return client;
}

/** The app over its IPC dispatcher, signed in to the marketplace, its first pull done. */
async function startApp(marketplace: WorkerMarketplace, dataDir: string) {
  // The bench closes the marketplace itself, after the app.
  const app = createApp({ dataDir, host: 'web', secretStore: new MemorySecretStore(), outbox: { concurrency: CONCURRENCY }, startLocalMarketplace: async () => ({ ...marketplace, close: async () => undefined }) });
  const dispatch = createDispatcher({ handlers: app.handlers, logger: app.logger, isTrustedSender: (sender) => sender.url === TRUSTED.url });
  async function call(channel: string, input?: unknown): Promise<unknown> {
    const result = await dispatch(channel, input, TRUSTED);
    if (!result.ok) throw new Error(`${channel} answered ${result.error.code}: ${result.error.message}`);
    return result.value;
  }
  const pulled = new Promise<void>((resolve, reject) => {
    let syncing = false;
    app.events.subscribe((event, payload) => {
      if (event !== 'sync:progress') return;
      const { state } = payload as SyncStatusPayload;
      if (state === 'error') reject(new Error('the first pull failed'));
      if (syncing && state === 'idle') resolve();
      syncing = state === 'syncing';
    });
  });
  await call('settings:update', { undoSeconds: 0 });
  await call('session:sign-in', {});
  await pulled;
  return { app, call };
}

/** Queues the writes through IPC while working offline; answers each call's time by channel. */
async function queue(call: (channel: string, input?: unknown) => Promise<unknown>, list: readonly Write[]): Promise<Record<Write['kind'], number[]>> {
  const times: Record<Write['kind'], number[]> = { edit: [], expense: [] };
  await call('connectivity:set-offline', { offline: true });
  for (const write of list) {
    const started = performance.now();
    if (write.kind === 'edit') await call('workorders:update', { id: write.id, changes: { title: write.title } });
    else await call('expenses:add', { workOrderId: write.id, expense: { description: write.description, amount: 7 } });
    times[write.kind].push(performance.now() - started);
  }
  return times;
}

/** From "back online" to the outbox saying nothing is pending. */
async function drain(app: App, call: (channel: string, input?: unknown) => Promise<unknown>): Promise<number> {
  let unsubscribe: () => unknown = () => undefined;
  const empty = new Promise<number>((resolve) => {
    unsubscribe = app.events.subscribe((event, payload) => {
      if (event === 'outbox:changed' && (payload as { pending: number }).pending === 0) resolve(performance.now());
    });
  });
  const started = performance.now();
  await call('connectivity:set-offline', { offline: false });
  const ended = await empty;
  unsubscribe();
  return ended - started;
}

/**
 * What one synced commit costs on this disk (WAL, synchronous FULL, as `OutboxStore.durably`):
 * queueing a write waits for one, and so does each entry sent (its `sending` mark).
 */
function syncedCommits(dir: string): number[] {
  const db = new Database(join(dir, 'fsync-probe.sqlite3'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, body TEXT)');
    const insert = db.prepare('INSERT INTO probe (body) VALUES (?)');
    return Array.from({ length: 300 }, () => {
      const started = performance.now();
      db.transaction(() => insert.run('x'.repeat(500)))();
      return performance.now() - started;
    });
  } finally {
    db.close();
  }
}

/** The same requests straight from the API client, CONCURRENCY in flight. */
async function direct(client: MarketplaceClient, list: readonly Write[]): Promise<number> {
  const started = performance.now();
  await forEachConcurrently(list, CONCURRENCY, new AbortController().signal, async (write) => {
    if (write.kind === 'edit') await client.workOrders.update(write.id, { title: write.title });
    else await client.parts.addExpense(write.id, { description: write.description, amount: 7 });
  });
  return performance.now() - started;
}

export default async function run(): Promise<void> {
  const built = await buildFromSources({ 'marketplace-worker': 'src-main/local-marketplace/worker.ts' }, ROOT);
  const dataDir = mkdtempSync(join(tmpdir(), 'outbox-drain-bench-'));
  let marketplace: WorkerMarketplace | undefined;
  let client: MarketplaceClient | undefined;
  let app: App | undefined;
  try {
    marketplace = await startMarketplaceInWorker({ db: ':memory:', port: 0 }, { workerFile: join(built, 'marketplace-worker.js') });
    client = await signedInClient(marketplace);
    const setup = client;
    const orders: number[] = [];
    await forEachConcurrently(Array.from({ length: ORDERS }, (_unused, index) => index), 8, new AbortController().signal, async (index) => {
      orders.push((await setup.workOrders.create({ title: `Drain bench order ${index + 1}` })).id);
    });
    const started = await startApp(marketplace, dataDir);
    app = started.app;
    const { call } = started;
    console.log(`${ORDERS} orders; ${CALLS.toLocaleString('en-US')} writes a round (${EDITS_PER_ORDER} edits and ${EXPENSES_PER_ORDER} expenses an order), ${CONCURRENCY} in flight; the cache in ${dataDir}; median of ${ROUNDS} rounds.\n`);

    const drains: number[] = [];
    const baselines: number[] = [];
    const queued: Record<Write['kind'], number[]> = { edit: [], expense: [] };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const times = await queue(call, writes(orders, `app ${round}`));
      queued.edit.push(...times.edit);
      queued.expense.push(...times.expense);
      drains.push(await drain(app, call));
      baselines.push(await direct(client, writes(orders, `direct ${round}`)));
    }
    const drainMs = median(drains);
    const directMs = median(baselines);
    console.log(`(a) outbox drain of ${CALLS.toLocaleString('en-US')} writes: ${(drainMs / 1000).toFixed(2)} s  rounds: ${drains.map((value) => (value / 1000).toFixed(2)).join(', ')} s; budget ${DRAIN_BUDGET_MS / 1000} s: ${drainMs < DRAIN_BUDGET_MS ? 'met' : 'NOT met'}.`);
    console.log(`    the same requests straight from the API client: ${(directMs / 1000).toFixed(2)} s  rounds: ${baselines.map((value) => (value / 1000).toFixed(2)).join(', ')} s`);
    console.log(`    ratio (outbox time / direct time): ${(drainMs / directMs).toFixed(2)}.`);
    console.log(`    while queueing them: ${describe('workorders:update', queued.edit)}; ${describe('expenses:add', queued.expense)}.\n`);

    // (b) Each update timed against a cache read of the same order, alternately, as the queue grows.
    const updates: number[] = [];
    const reads: number[] = [];
    await call('connectivity:set-offline', { offline: true });
    for (let index = 0; index < CALLS; index += 1) {
      const id = orders[index % orders.length] as number;
      let before = performance.now();
      await call('workorders:get', { id });
      reads.push(performance.now() - before);
      before = performance.now();
      await call('workorders:update', { id, changes: { title: `Latency ${index}` } });
      updates.push(performance.now() - before);
    }
    const p95 = percentileOfSorted([...updates].sort((a, b) => a - b), 0.95);
    console.log(`(b) ${describe('workorders:update', updates)}; budget ${QUEUE_BUDGET_MS} ms at p95: ${p95 < QUEUE_BUDGET_MS ? 'met' : 'NOT met'}.`);
    console.log(`    baseline ${describe('workorders:get', reads)}.`);
    console.log(`    ratio (update p50 / get p50): ${(percentileOfSorted([...updates].sort((a, b) => a - b), 0.5) / percentileOfSorted([...reads].sort((a, b) => a - b), 0.5)).toFixed(1)}.`);
    console.log(`    and those ${CALLS.toLocaleString('en-US')} updates drained in ${((await drain(app, call)) / 1000).toFixed(2)} s.\n`);
    console.log(`The disk: ${describe('a synced SQLite commit', syncedCommits(dataDir))}.`);
  } finally {
    await app?.close();
    await client?.dispose();
    await marketplace?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(built, { recursive: true, force: true });
  }
}
