// Budget (issue 27): with the cache full, Field Desk started to its first rows painted in under 1 s
// at 1,000,000 cached orders, and main's memory (resident set) under 400 MB there; the cache file's
// size printed. Each size's cache is filled once; the app (`npm start`'s web host, browser mode) is
// started on it several times, Chromium opening it as soon as it prints its address, and the first
// start is reported apart (the files come off the disk then; later starts find them in the page
// cache). The baseline is the first size, in the same run.
// Run: `npm run bench -- startup` (100,000), `BENCH_ORDERS=100000,1000000 npm run bench -- startup`;
// BENCH_PROFILE=1 writes the page's CPU profile of the last start (its profiler slows that start).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { cacheFilePath } from '../../src-main/environments/environment-manager';
import config from '../../playwright.config';
import { benchOrders, sizeLabel } from '../support/bench-orders';
import { PREPARED_ENVIRONMENT, prepareLargeCache } from '../support/large-cache';
import { tapIpc } from '../support/list-probes';
import { startWebHostProcess } from '../support/web-host-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SIZES = benchOrders([100_000]);
const STARTS = 5;
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

async function startOnce(browser: Browser, dataDir: string, orders: number, profile = false): Promise<Start> {
  const launched = Date.now();
  const host = await startWebHostProcess({ root: ROOT, dataDir });
  const ready = Date.now();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
  await context.addInitScript(tapIpc);
  try {
    const page = await context.newPage();
    const cdp = profile ? await context.newCDPSession(page) : undefined;
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
    await context.close();
    await host.stop();
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export default async function run(): Promise<void> {
  const browser = await chromium.launch({ ...config.use?.launchOptions });
  const results: { orders: number; fileMb: number; first: Start; warm: Start[] }[] = [];
  try {
    for (const orders of SIZES) {
      const dataDir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
      try {
        const fillMs = prepareLargeCache(dataDir, orders);
        const file = cacheFilePath(dataDir, PREPARED_ENVIRONMENT);
        console.log(`${orders.toLocaleString('en-US')} orders cached in ${(fillMs / 1000).toFixed(1)} s; the cache file ${fileMb(file).toFixed(0)} MB`);
        const starts: Start[] = [];
        for (let index = 0; index < STARTS; index += 1) starts.push(await startOnce(browser, dataDir, orders, Boolean(process.env.BENCH_PROFILE) && index === STARTS - 1));
        if (process.env.BENCH_PROFILE) console.log(`the page's CPU profile of the last start: ${PROFILE_FILE}`);
        const [first, ...warm] = starts as [Start, ...Start[]];
        results.push({ orders, fileMb: fileMb(file), first, warm });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await browser.close();
  }

  const [baseline] = results;
  console.log(`\nStart-up to the first rows painted (median of ${STARTS - 1} starts after the first), main's memory, the cache file:`);
  console.table(
    results.map(({ orders, fileMb: size, first, warm }) => {
      const total = median(warm.map((start) => start.totalMs));
      return {
        orders: orders.toLocaleString('en-US'),
        'first start ms': Math.round(first.totalMs),
        'start ms': Math.round(total),
        'of it: launch to ready': Math.round(median(warm.map((start) => start.readyMs))),
        'of it: page to rows': Math.round(median(warm.map((start) => start.pageMs))),
        [`/ ${baseline ? sizeLabel(baseline.orders) : ''}`]: baseline ? (total / median(baseline.warm.map((start) => start.totalMs))).toFixed(2) : '',
        'main RSS MB': Math.round(median(warm.map((start) => start.rssMb))),
        'after use MB': Math.round(Math.max(...warm.map((start) => start.rssAfterUseMb))),
        'cache file MB': Math.round(size),
      };
    }),
  );
  for (const { orders, warm } of results) {
    const last = warm.at(-1);
    if (!last) continue;
    console.log(`At ${sizeLabel(orders)}, the last start's ${last.calls.length} calls to main before its rows, the slowest (sent at, took): ${last.calls.slice(0, 8).map((call) => `${call.channel} ${call.sentMs.toFixed(0)}+${call.tookMs.toFixed(0)} ms`).join(', ')}`);
  }
  for (const { orders, first, warm } of results) {
    const total = median(warm.map((start) => start.totalMs));
    const rss = Math.max(first.rssAfterUseMb, ...warm.map((start) => start.rssAfterUseMb));
    const within = total < FIRST_ROWS_BUDGET_MS && rss < RSS_BUDGET_MB;
    console.log(`Budget at ${orders.toLocaleString('en-US')}: first rows < ${FIRST_ROWS_BUDGET_MS} ms (${Math.round(total)} ms), main's RSS < ${RSS_BUDGET_MB} MB (${Math.round(rss)} MB at most): ${within ? 'within' : 'OVER'} budget`);
    if (!within) process.exitCode = 1;
  }
}
