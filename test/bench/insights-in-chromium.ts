// Budget (issue 17 item 6): in Chromium, Insights over 100,000 cached orders, from the click on
// "Insights" to every chart painted: under 500 ms. The built app runs as `npm start` runs it (web
// host + Chromium, `npm run build` first) on a data dir whose cache holds 100,000 orders with
// milestones over the past year. The baseline, in the same run, is main's query alone (the SQL
// aggregates of insights:get on the same cache). Issue 27: the same at 1,000,000, side by side.
// Run: `npm run bench -- insights-in-chromium`, `BENCH_ORDERS=100000,1000000 npm run bench -- insights-in-chromium`.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { WORK_ORDER_STATUSES } from '../../src-shared/api/status';
import { openCache } from '../../src-main/db/database';
import { InsightsRepository } from '../../src-main/db/insights-repository';
import { WorkOrderRepository } from '../../src-main/db/work-order-repository';
import { serializeWorkOrder } from '../../src-main/db/work-order-writes';
import { cacheFilePath } from '../../src-main/environments/environment-manager';
import { EnvironmentSettingsStore } from '../../src-main/environments/environment-settings';
import { createMemoryLogger } from '../../src-main/platform/logger';
import { periodRange, type PeriodWeeks } from '../../src-renderer/lib/insights-period';
import config from '../../playwright.config';
import { benchOrders, sizeLabel } from '../support/bench-orders';
import { PREPARED_ENVIRONMENT } from '../support/large-cache';
import { startWebHostProcess } from '../support/web-host-process';
import { generatedWorkOrders, utc } from '../main/db/work-order-fixtures';
import { percentile } from '../support/percentile';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SIZES = benchOrders([100_000]);
const BATCH = 5_000;
const RUNS = 7;
const BUDGET_MS = 500;
/** The screen's figures: status, two durations, problems, delays, pay by week and by client. */
const CHARTS = 7;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR_START = Date.UTC(2025, 0, 1);

const rank = (slug: string) => WORK_ORDER_STATUSES.findIndex((status) => status.slug === slug);

/**
 * A generated order (test/main/db/work-order-fixtures.ts) moved into the past year, with the
 * milestones its status implies: dispatched 1 to 72 h after publishing, done a few hours after
 * its start; problems carry a type.
 */
function withHistory(order: WorkOrder, now: number): WorkOrder {
  const startUtc = order.schedule?.service_window?.start?.utc;
  const id = order.id;
  const moved = startUtc ? Date.parse(`${startUtc.replace(' ', 'T')}Z`) - YEAR_START + now - 358 * DAY : undefined;
  const statusRank = WORK_ORDER_STATUSES.findIndex((status) => status.id === order.status?.id);
  const canceled = WORK_ORDER_STATUSES[statusRank]?.slug === 'canceled';
  const reached = (slug: string) => !canceled && statusRank >= rank(slug);
  const created = (moved ?? now) - 5 * DAY - (id % 7) * HOUR;
  const published = created + 2 * HOUR;
  const assigned = published + (1 + (id % 72)) * HOUR;
  const stamps: Record<string, number | undefined> = {
    created,
    published: reached('published') || canceled ? published : undefined,
    assigned: reached('assigned') ? assigned : undefined,
    workdone: reached('workdone') && moved !== undefined ? moved + (1 + (id % 8)) * HOUR : undefined,
    approved: reached('approved') && moved !== undefined ? moved + DAY : undefined,
    canceled: canceled ? created + DAY : undefined,
  };
  return {
    ...order,
    ...(moved === undefined ? {} : { schedule: { service_window: { mode: 'exact', start: { utc: utc(moved) } } } }),
    milestones: Object.fromEntries(Object.entries(stamps).map(([slug, ms]) => [slug, ms === undefined ? null : { utc: utc(ms) }])),
    ...(order.problems ? { problems: { results: [{ id: id * 10, type: { id: 20 + (id % 4), name: `Problem type ${id % 4}` }, resolution: { status: id % 100 === 0 ? 'resolved' : 'open' } }] } } : {}),
  } as WorkOrder;
}

function fill(dataDir: string, now: number, orders: number): number {
  const started = performance.now();
  new EnvironmentSettingsStore(dataDir, createMemoryLogger()).setActive(PREPARED_ENVIRONMENT);
  const db = openCache(cacheFilePath(dataDir, PREPARED_ENVIRONMENT));
  try {
    const repository = new WorkOrderRepository(db);
    const bulk = repository.beginBulkLoad();
    try {
      for (let first = 1; first <= orders; first += BATCH) {
        repository.writeMany(generatedWorkOrders(Math.min(BATCH, orders - first + 1), first, first).map((order) => serializeWorkOrder(withHistory(order, now))));
      }
    } finally {
      if (bulk) repository.endBulkLoad();
    }
    db.pragma('optimize');
  } finally {
    db.close();
  }
  return performance.now() - started;
}

/** Main's part alone: the aggregates of insights:get, on the same cache file, per period. */
function queryTimes(dataDir: string, weeks: PeriodWeeks): { ms: number[]; orders: number } {
  const db = openCache(cacheFilePath(dataDir, PREPARED_ENVIRONMENT));
  try {
    const repository = new InsightsRepository(db);
    const ms: number[] = [];
    let orders = 0;
    for (let run = 0; run <= RUNS; run += 1) {
      const started = performance.now();
      orders = repository.get(periodRange(weeks)).orders;
      if (run > 0) ms.push(performance.now() - started);
    }
    return { ms, orders };
  } finally {
    db.close();
  }
}

/** Clicks the link in the page and answers the ms until every chart has bars and a frame was painted after. */
async function timeToCharts(page: Page, link: string, change?: () => Promise<void>): Promise<number> {
  await page.evaluate(() => ((window as unknown as { insightsT0: number }).insightsT0 = performance.now()));
  if (change) await change();
  else await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).evaluate((element) => (element as HTMLElement).click());
  return page.evaluate(
    ({ charts }) =>
      new Promise<number>((resolve, reject) => {
        const t0 = (window as unknown as { insightsT0: number }).insightsT0;
        const screen = () => document.querySelector('section[aria-label="Insights"]');
        setTimeout(() => reject(new Error(`no charts after 30 s: busy ${screen()?.getAttribute('aria-busy')}, ${screen()?.querySelectorAll('[role="img"]').length} images; ${screen()?.textContent?.slice(0, 300)}`)), 30_000);
        const ready = () => {
          const images = [...(screen()?.querySelectorAll('[role="img"]') ?? [])];
          // A figure with nothing to count says so in words instead of a chart.
          const cards = screen()?.querySelectorAll('[aria-controls^="insights-table-"]').length;
          return screen()?.getAttribute('aria-busy') === 'false' && cards === charts && images.length > 0 && images.every((image) => image.matches('canvas') || image.querySelector('svg rect, svg path, canvas') !== null);
        };
        const poll = () => (ready() ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0))) : requestAnimationFrame(poll));
        // The bars of the period chosen before may still show: wait for the screen to ask first.
        setTimeout(poll);
      }),
    { charts: CHARTS },
  );
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/**
 * One more visit under Chromium's profiler (BENCH_CPU_PROFILE=file.cpuprofile): the profile is saved
 * for DevTools and the functions with the most time of their own are printed.
 */
async function profileOnce(page: Page, file: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work orders' }).click();
  await page.getByRole('grid').waitFor();
  await session.send('Profiler.start');
  // BENCH_CPU_PROFILE_YEAR=1: the choice of 52 weeks instead of the visit.
  const period = page.getByRole('region', { name: 'Insights' }).getByRole('combobox', { name: 'Period' });
  const ms = process.env.BENCH_CPU_PROFILE_YEAR
    ? await timeToCharts(page, 'Insights').then(() => timeToCharts(page, 'Insights', () => period.selectOption('52').then(() => undefined)))
    : await timeToCharts(page, 'Insights');
  const { profile } = await session.send('Profiler.stop');
  writeFileSync(file, JSON.stringify(profile));
  const nodes = new Map((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const interval = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples?.length ?? 1);
  for (const id of profile.samples ?? []) {
    const frame = nodes.get(id)?.callFrame;
    const name = `${frame?.functionName || '(anonymous)'} ${frame?.url.split('/').pop() ?? ''}:${frame?.lineNumber ?? 0}`;
    self.set(name, (self.get(name) ?? 0) + interval);
  }
  console.log(`Profiled visit: ${ms.toFixed(0)} ms; saved ${file}; most time of their own:`);
  console.table([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([name, selfMs]) => ({ function: name, 'self ms': selfMs.toFixed(1) })));
}

const figures = (ms: readonly number[]) => ({ 'p50 ms': percentile(ms, 0.5).toFixed(1), 'p95 ms': percentile(ms, 0.95).toFixed(1), 'max ms': Math.max(...ms).toFixed(1) });

interface Measured {
  orders: number;
  first: number;
  opened: number[];
  year: number[];
  quarter: ReturnType<typeof queryTimes>;
  whole: ReturnType<typeof queryTimes>;
}

async function measureSize(orders: number): Promise<Measured> {
  const now = Date.now();
  let dataDir = '';
  const host = await startWebHostProcess({
    root: ROOT,
    prepare: (dir) => {
      dataDir = dir;
      console.log(`${orders.toLocaleString('en-US')} orders with milestones cached in ${(fill(dir, now, orders) / 1000).toFixed(1)} s`);
    },
  });
  const browser = await chromium.launch({ ...config.use?.launchOptions });
  const opened: number[] = [];
  const year: number[] = [];
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' })).newPage();
    await page.goto(host.url);
    await page.getByRole('grid').waitFor({ timeout: 60_000 });
    // The first visit loads the screen's code (the charts library): reported apart.
    const first = await timeToCharts(page, 'Insights');
    for (let run = 0; run < RUNS; run += 1) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work orders' }).click();
      await page.getByRole('grid').waitFor();
      opened.push(await timeToCharts(page, 'Insights'));
      const period = page.getByRole('region', { name: 'Insights' }).getByRole('combobox', { name: 'Period' });
      year.push(await timeToCharts(page, 'Insights', () => period.selectOption('52').then(() => undefined)));
    }
    if (process.env.BENCH_CPU_PROFILE) await profileOnce(page, process.env.BENCH_CPU_PROFILE);
    // Main's part alone, on the same cache file while the host idles (WAL: readers do not wait).
    return { orders, first, opened, year, quarter: queryTimes(dataDir, 12), whole: queryTimes(dataDir, 52) };
  } finally {
    await browser.close();
    await host.stop();
  }
}

export default async function run(): Promise<void> {
  const results: Measured[] = [];
  for (const orders of SIZES) results.push(await measureSize(orders));
  for (const { orders, first, opened, year, quarter, whole } of results) {
    console.log(`\nInsights over ${orders.toLocaleString('en-US')} cached orders, ${RUNS} runs each (first visit, with the screen's code loading: ${first.toFixed(0)} ms):`);
    console.table([
      // The screen opens on the period of the last visit: after the first (which fits the data's year) and each 52-week choice, 52 weeks.
      { measure: `Chromium: click Insights to ${CHARTS} charts painted (the last period, 52 weeks, ${whole.orders.toLocaleString('en-US')} orders)`, ...figures(opened) },
      { measure: `Chromium: choose 52 weeks to charts painted (${whole.orders.toLocaleString('en-US')} orders)`, ...figures(year) },
      { measure: 'baseline, main query alone (12 weeks)', ...figures(quarter.ms) },
      { measure: 'baseline, main query alone (52 weeks)', ...figures(whole.ms) },
    ]);
    console.log(`Screen / main query (52 weeks), p50: a visit ${(percentile(opened, 0.5) / percentile(whole.ms, 0.5)).toFixed(2)}, the choice of 52 weeks ${(percentile(year, 0.5) / percentile(whole.ms, 0.5)).toFixed(2)}`);
  }
  const [baseline] = results;
  if (baseline && results.length > 1) {
    console.log(`\np95 ms at each size, and the ratio to ${sizeLabel(baseline.orders)}:`);
    console.table(
      results.map(({ orders, opened, year, whole }) => ({
        orders: orders.toLocaleString('en-US'),
        'a visit p95': percentile(opened, 0.95).toFixed(1),
        '52 weeks p95': percentile(year, 0.95).toFixed(1),
        [`52 weeks / ${sizeLabel(baseline.orders)}`]: (percentile(year, 0.95) / percentile(baseline.year, 0.95)).toFixed(2),
        'main query, 52 weeks p95': percentile(whole.ms, 0.95).toFixed(1),
      })),
    );
  }
  for (const { orders, opened, year } of results) {
    const worst = Math.max(percentile(opened, 0.95), percentile(year, 0.95));
    console.log(`Budget at ${orders.toLocaleString('en-US')}: the screen under ${BUDGET_MS} ms; p95 ${worst.toFixed(1)} ms: ${worst < BUDGET_MS ? 'within' : 'OVER'} budget`);
    if (worst >= BUDGET_MS) process.exitCode = 1;
  }
}
