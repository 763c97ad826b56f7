// Budget (issue 27): with the cache full, Field Desk started to its first rows painted in under 1 s
// at 1,000,000 cached orders, and main's memory (resident set) under 400 MB there; the cache file's
// size printed. Each size's cache is filled once; the app (`npm start`'s web host, browser mode) is
// started on it several times, Chromium opening it as soon as it prints its address. Two ways:
// - returning: one browser profile kept from start to start, on the same port, as a coordinator's
//   browser keeps it between days: the app's scripts come from its cache, compiled code included
//   (V8's code cache). What a start looks like every day after the first; the budget is judged on it.
// - first visit: a new, empty browser context for every start: the app's scripts fetched and compiled
//   again each time, as after an install or an update.
// The first start of all (the cache file read off the disk, the profile empty) is reported apart.
// The baseline is the first size, in the same run.
// Run: `npm run bench -- startup` (100,000), `BENCH_ORDERS=100000,1000000 npm run bench -- startup`;
// BENCH_PROFILE=1 writes the page's CPU profile of the last returning start (its profiler slows that start).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { cacheFilePath } from '../../src-main/environments/environment-manager';
import config from '../../playwright.config';
import { benchOrders, sizeLabel } from '../support/bench-orders';
import { PREPARED_ENVIRONMENT, prepareLargeCache } from '../support/large-cache';
import { tapIpc } from '../support/list-probes';
import { startWebHostProcess } from '../support/web-host-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SIZES = benchOrders([100_000]);
/** Starts each way, besides the first start of all. */
const STARTS = 4;
const FIRST_ROWS_BUDGET_MS = 1_000;
const RSS_BUDGET_MB = 400;

interface Start {
  /** Launch to the host's address printed: main up, the cache open. */
  readyMs: number;
  /** The address opened to the list's first rows painted. */
  pageMs: number;
  totalMs: number;
  /** Main's resident set once the rows are painted, and after a search and the list's end. */
  rssMb: number;
  rssAfterUseMb: number;
  /** The page's calls to main before its rows were painted, the slowest first: where the start goes. */
  calls: { channel: string; sentMs: number; tookMs: number }[];
}

/** A process's resident set, in MB, from /proc (Linux). */
function residentMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function fileMb(file: string): number {
  const size = (path: string) => {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  };
  return (size(file) + size(`${file}-wal`)) / 1024 / 1024;
}

/** BENCH_PROFILE=1: the page's CPU profile of the last start, from navigation to its rows, written here. */
const PROFILE_FILE = join(tmpdir(), 'field-desk-startup-page.cpuprofile');

/** A port free now: the returning starts keep their origin, the browser's cache's key. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

const VIEWPORT = { viewport: { width: 1440, height: 900 }, colorScheme: 'light' } as const;

/** A browser for starts: `page()` opens each start's page, in the kept profile or in a new, empty context. */
interface Starter {
  page: () => Promise<{ page: Page; done: () => Promise<void> }>;
  close: () => Promise<void>;
}

async function returningStarter(): Promise<Starter> {
  const profile = mkdtempSync(join(tmpdir(), 'startup-bench-profile-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, { ...config.use?.launchOptions, ...VIEWPORT });
  await context.addInitScript(tapIpc);
  return {
    page: async () => {
      const page = await context.newPage();
      return { page, done: () => page.close() };
    },
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function firstVisitStarter(): Promise<Starter> {
  const browser = await chromium.launch({ ...config.use?.launchOptions });
  return {
    page: async () => {
      const context = await browser.newContext(VIEWPORT);
      await context.addInitScript(tapIpc);
      return { page: await context.newPage(), done: () => context.close() };
    },
    close: () => browser.close(),
  };
}

async function startOnce(starter: Starter, dataDir: string, port: number, orders: number, profile = false): Promise<Start> {
  const launched = Date.now();
  const host = await startWebHostProcess({ root: ROOT, dataDir, port });
  const ready = Date.now();
  const { page, done } = await starter.page();
  try {
    const cdp = profile ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await page.goto(host.url);
    await page.waitForFunction(
      (rowcount) => document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === rowcount && document.querySelectorAll('[role="grid"] [role="row"][aria-rowindex]').length > 1,
      String(orders + 1),
      { timeout: 60_000, polling: 'raf' },
    );
    // The frame that shows them: the next animation frame after they are in the document.
    const painted = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()))));
    if (cdp) writeFileSync(PROFILE_FILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const rssMb = residentMb(host.pid);
    const calls = await page.evaluate((until) => {
      const tap = (window as unknown as { ipcTap?: { calls: Map<number, { channel: string; sentAt: number; answeredAt?: number }> } }).ipcTap;
      const before = [...(tap?.calls.values() ?? [])].filter((call) => call.sentAt + performance.timeOrigin <= until);
      return before.map((call) => ({ channel: call.channel, sentMs: call.sentAt, tookMs: (call.answeredAt ?? Number.NaN) - call.sentAt })).sort((a, b) => b.tookMs - a.tookMs);
    }, painted);
    const search = page.getByRole('searchbox', { name: 'Search work orders' });
    await search.fill('install');
    await page.waitForFunction((rowcount) => document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') !== rowcount, String(orders + 1));
    await search.fill('');
    await page.waitForFunction((rowcount) => document.querySelector('[role="grid"]')?.getAttribute('aria-rowcount') === rowcount, String(orders + 1));
    await page.keyboard.press('End');
    return { readyMs: ready - launched, pageMs: painted - ready, totalMs: painted - launched, rssMb, rssAfterUseMb: residentMb(host.pid), calls };
  } finally {
    await done();
    await host.stop();
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export default async function run(): Promise<void> {
  const results: { orders: number; fileMb: number; first: Start; returning: Start[]; firstVisits: Start[] }[] = [];
  for (const orders of SIZES) {
    const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
    const returning = await returningStarter();
    const firstVisit = await firstVisitStarter();
    try {
      const fillMs = prepareLargeCache(dataDir, orders);
      const file = cacheFilePath(dataDir, PREPARED_ENVIRONMENT);
      console.log(`${orders.toLocaleString('en-US')} orders cached in ${(fillMs / 1000).toFixed(1)} s; the cache file ${fileMb(file).toFixed(0)} MB`);
      const port = await freePort();
      const first = await startOnce(returning, dataDir, port, orders);
      const returningStarts: Start[] = [];
      const firstVisits: Start[] = [];
      // Alternated, so a slower minute of the machine weighs on both ways alike.
      for (let index = 0; index < STARTS; index += 1) {
        returningStarts.push(await startOnce(returning, dataDir, port, orders, Boolean(process.env.BENCH_PROFILE) && index === STARTS - 1));
        firstVisits.push(await startOnce(firstVisit, dataDir, port, orders));
      }
      if (process.env.BENCH_PROFILE) console.log(`the page's CPU profile of the last returning start: ${PROFILE_FILE}`);
      results.push({ orders, fileMb: fileMb(file), first, returning: returningStarts, firstVisits });
    } finally {
      await returning.close();
      await firstVisit.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const [baseline] = results;
  const totalOf = (starts: readonly Start[]) => median(starts.map((start) => start.totalMs));
  console.log(`\nStart-up to the first rows painted (medians of ${STARTS} starts each way), main's memory, the cache file:`);
  console.table(
    results.map(({ orders, fileMb: size, first, returning, firstVisits }) => ({
      orders: orders.toLocaleString('en-US'),
      'first start of all ms': Math.round(first.totalMs),
      'returning ms': Math.round(totalOf(returning)),
      'of it: launch to ready': Math.round(median(returning.map((start) => start.readyMs))),
      'of it: page to rows': Math.round(median(returning.map((start) => start.pageMs))),
      [`/ ${baseline ? sizeLabel(baseline.orders) : ''}`]: baseline ? (totalOf(returning) / totalOf(baseline.returning)).toFixed(2) : '',
      'first visit ms': Math.round(totalOf(firstVisits)),
      'main RSS MB': Math.round(median(returning.map((start) => start.rssMb))),
      'after use MB': Math.round(Math.max(...returning.map((start) => start.rssAfterUseMb))),
      'cache file MB': Math.round(size),
    })),
  );
  for (const { orders, returning } of results) {
    const last = returning.at(-1);
    if (!last) continue;
    console.log(`At ${sizeLabel(orders)}, the last returning start's ${last.calls.length} calls to main before its rows, the slowest (sent at, took): ${last.calls.slice(0, 8).map((call) => `${call.channel} ${call.sentMs.toFixed(0)}+${call.tookMs.toFixed(0)} ms`).join(', ')}`);
  }
  for (const { orders, first, returning, firstVisits } of results) {
    const total = totalOf(returning);
    const rss = Math.max(...[first, ...returning, ...firstVisits].map((start) => start.rssAfterUseMb));
    const within = total < FIRST_ROWS_BUDGET_MS && rss < RSS_BUDGET_MB;
    console.log(
      `Budget at ${orders.toLocaleString('en-US')}: first rows of a returning start < ${FIRST_ROWS_BUDGET_MS} ms (${Math.round(total)} ms; a first visit ${Math.round(totalOf(firstVisits))} ms), main's RSS < ${RSS_BUDGET_MB} MB (${Math.round(rss)} MB at most): ${within ? 'within' : 'OVER'} budget`,
    );
    if (!within) process.exitCode = 1;
  }
}
