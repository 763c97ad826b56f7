import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../src-shared/ipc/outbox-channels';
import type { SyncStatusPayload } from '../../../../src-shared/ipc/channels';
import { buildFromSources } from '../../../support/build-from-sources';
import { temporaryDir } from '../../../support/temporary-dir';
import { AppChild, ProcessGone } from './app-child';
import { type CacheState, readCacheState } from './cache-state';
import { describeKillPoint, drawKillPoint, reachKillPoint } from './kill-point';
import { Ledger } from './ledger';
import { MarketProcess } from './market-process';
import { readMarket } from './market-snapshot';
import { checkAfterKill, type CheckSummary, checkDrainedCache } from './verify';
import { planWorkload, seededRandom } from './workload';

// `npm test` runs 10 rounds; `npm run test:crash` runs 50 (CRASH_ROUNDS). CRASH_SEED replays a workload and its kill points (timing aside).
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10);
const SEED = Number(process.env.CRASH_SEED ?? 20_260_611);
const DRAIN_DEADLINE_MS = 60_000;

let bundle: string;
let market: MarketProcess;
let dir: string;
let child: AppChild | undefined;

beforeAll(async () => {
  bundle = await buildFromSources({ marketplace: 'src-main/local-marketplace/cli.ts', 'app-process': 'test/main/outbox/crash/app-process.ts' });
  dir = temporaryDir('field-desk-crash-');
  market = await MarketProcess.start(bundle, join(dir, 'market.sqlite3'));
}, 120_000);

afterAll(async () => {
  await child?.kill();
  await market?.stop();
  if (bundle) rmSync(bundle, { recursive: true, force: true });
});

const ignoreGone = (error: unknown) => {
  if (!(error instanceof ProcessGone)) throw error;
};

/**
 * After a kill: what the app left (its cache, read as the next launch finds it) and what the
 * marketplace holds settle the cut enqueue, then the invariants are checked. On a failure the
 * app's data folder (log, cache) and the marketplace's database are kept for a look.
 */
async function afterKill(ledger: Ledger, dataDir: string, { drained = false } = {}): Promise<{ cache: CacheState; summary: CheckSummary }> {
  const cache = readCacheState(dataDir);
  const snapshot = await readMarket(market, ledger.plan);
  try {
    ledger.settle(cache, snapshot);
    const summary = checkAfterKill(ledger, cache, snapshot);
    if (drained) checkDrainedCache(cache, snapshot);
    return { cache, summary };
  } catch (error) {
    const kept = mkdtempSync(join(tmpdir(), 'field-desk-crash-failed-'));
    cpSync(dir, kept, { recursive: true });
    throw new Error(`${(error as Error).message}\n(the app's data and the marketplace's database are kept in ${kept})`);
  }
}

/** Waits until the outbox is empty: on `outbox:changed` events, after one look at the list. */
async function drained(app: AppChild): Promise<void> {
  const { entries } = await app.call<{ entries: OutboxEntry[] }>('outbox:list');
  if (entries.length === 0) return;
  await app.until(() => app.outboxEvents.at(-1)?.pending === 0, 'the outbox drained', DRAIN_DEADLINE_MS);
}

describe('the outbox killed with SIGKILL while it drains', () => {
  it(`applies 200 mixed writes exactly once and in order per record through ${ROUNDS} kills (seed ${SEED})`, { timeout: 120_000 + ROUNDS * 15_000 }, async () => {
    const random = seededRandom(SEED);
    const files = join(dir, 'files');
    mkdirSync(files);
    const ledger = new Ledger(planWorkload(random, files));
    expect(ledger.plan).toHaveLength(200);
    const dataDir = join(dir, 'app');
    const log: string[] = [];

    // The coordinator's first launch: no undo window, signed in once, the cache pulled (edits of saved locations need them cached).
    child = await AppChild.start(bundle, dataDir, market.config);
    await child.call('settings:update', { undoSeconds: 0 });
    await child.call('session:sign-in', {});
    const app = child;
    const pulled = async () => {
      const status = await app.call<SyncStatusPayload>('sync:status');
      return status.state === 'idle' && status.lastSyncedAt !== null;
    };
    for (const deadline = Date.now() + DRAIN_DEADLINE_MS; !(await pulled()); ) if (Date.now() > deadline) throw new Error('the first pull did not end');

    for (let round = 1; round <= ROUNDS; round += 1) {
      const current: AppChild = child;
      const budget = Math.ceil(ledger.remaining / (ROUNDS - round + 1));
      const point = drawKillPoint(random, budget);
      const enqueuing = ledger.enqueue(current, budget);
      // A round whose writes all drained before its kill point is killed idle: nothing is left to interrupt.
      const idle = enqueuing.then((whole) => (whole ? drained(current) : undefined)).catch(ignoreGone);
      await Promise.race([reachKillPoint(current, point).catch(ignoreGone), idle]);
      await current.kill();
      await enqueuing;

      const { summary } = await afterKill(ledger, dataDir);
      log.push(`round ${round}: kill at ${describeKillPoint(point)}, ${summary.applied}/${summary.queued} applied, ${summary.waiting} waiting`);
      child = await AppChild.start(bundle, dataDir, market.config);
    }

    // The last launch resumes by itself; the writes no round reached are made, and everything drains.
    const last: AppChild = child;
    expect(await ledger.enqueue(last, ledger.remaining)).toBe(true);
    await drained(last);
    await last.kill();
    const { cache, summary } = await afterKill(ledger, dataDir, { drained: true });
    const { stored, notStored } = ledger.cut;
    console.log(
      `outbox crash test, seed ${SEED}, ${ROUNDS} kills: ${summary.applied} writes applied exactly once; ${stored + notStored} enqueues cut (${stored} stored, ${notStored} not stored and made again)\n  ${log.join('\n  ')}`,
    );
    expect(cache.entries).toEqual([]);
    expect(summary).toEqual({ queued: 200, applied: 200, waiting: 0 });
  });
});
