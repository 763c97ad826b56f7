// Budget (ARCHITECTURE.md): the dispatch board's week (300 providers, 5,000 orders) opens in
// Chromium in p95 under 300 ms; main's part should stay small (aim: under 40 ms). This measures
// main's part through the dispatcher (input parsed, the cache read, the answer checked against its
// contract), for the week and for a day, beside the list's own first page in the same run. The cache
// is a real WAL file in a temporary folder. Run: `npm run bench -- dispatch-board`.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openCache } from '../../src-main/db/database';
import { WorkOrderRepository } from '../../src-main/db/work-order-repository';
import { createDispatcher, type Handlers, type Sender } from '../../src-main/ipc/dispatcher';
import { type CacheReadParts, cacheReadHandlers } from '../../src-main/ipc/handlers/cache-read-handlers';
import { createMemoryLogger } from '../../src-main/platform/logger';
import { fillBoardCache } from '../support/board-cache';
import { percentileOfSorted } from '../support/percentile';

const PROVIDERS = 300;
const ORDERS = 5_000;
const RUNS = 200;
const WARMUP = 20;
const BUDGET_P95_MS = 40;
const DAY = 24 * 3_600_000;
const sender: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };

export default async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'dispatch-board-bench-'));
  const db = openCache(join(folder, 'cache.db'));
  try {
    // The week starts at today's UTC midnight, so the attention rules (which read now) have work to do.
    const weekStart = Math.floor(Date.now() / DAY) * DAY;
    const filling = performance.now();
    const tray = fillBoardCache(db, { providers: PROVIDERS, orders: ORDERS, weekStart });
    console.log(`load average ${loadavg().map((load) => load.toFixed(1)).join(', ')} on ${availableParallelism()} cores`);
    console.log(`${ORDERS} orders over ${PROVIDERS} providers in one week cached in ${((performance.now() - filling) / 1000).toFixed(1)} s (${tray.length} still need a provider); ${RUNS} runs per case`);

    const parts = { db, workOrders: new WorkOrderRepository(db), outbox: { entries: [] } } as unknown as CacheReadParts;
    const handlers = cacheReadHandlers((call) => Promise.resolve(call(parts))) as Handlers;
    const dispatch = createDispatcher({ handlers, logger: createMemoryLogger(), isTrustedSender: () => true });

    const cases: { label: string; channel: string; input: () => unknown }[] = [
      { label: 'workorders:list, first page (baseline)', channel: 'workorders:list', input: () => ({}) },
      { label: 'dispatch:board, the week', channel: 'dispatch:board', input: () => ({ from: weekStart, to: weekStart + 7 * DAY }) },
      { label: 'dispatch:board, a day', channel: 'dispatch:board', input: () => ({ from: weekStart + 2 * DAY, to: weekStart + 3 * DAY }) },
    ];
    const rows: { case: string; 'p50 ms': string; 'p95 ms': string; 'CPU p50 ms': string; 'answer KB': number; 'p95 / list p95': string }[] = [];
    let baseline = Number.NaN;
    let worstBoard = 0;
    for (const { label, channel, input } of cases) {
      let bytes = 0;
      const once = async () => {
        const result = await dispatch(channel, input(), sender);
        if (!result.ok) throw new Error(`${channel} answered ${result.error.code}: ${result.error.message}`);
        return result.value;
      };
      for (let warm = 0; warm < WARMUP; warm += 1) bytes = JSON.stringify(await once()).length;
      const durations: number[] = [];
      // CPU time beside the wall clock: on a shared machine the wall clock also counts other work.
      const cpu: number[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const started = performance.now();
        const startedCpu = process.cpuUsage();
        await once();
        durations.push(performance.now() - started);
        const used = process.cpuUsage(startedCpu);
        cpu.push((used.user + used.system) / 1000);
      }
      durations.sort((left, right) => left - right);
      cpu.sort((left, right) => left - right);
      const p95 = percentileOfSorted(durations, 0.95);
      if (channel === 'workorders:list') baseline = p95;
      else worstBoard = Math.max(worstBoard, p95);
      rows.push({ case: label, 'p50 ms': percentileOfSorted(durations, 0.5).toFixed(2), 'p95 ms': p95.toFixed(2), 'CPU p50 ms': percentileOfSorted(cpu, 0.5).toFixed(2), 'answer KB': Math.round(bytes / 1024), 'p95 / list p95': (p95 / baseline).toFixed(1) });
    }
    console.table(rows);
    const verdict = worstBoard < BUDGET_P95_MS ? 'within' : 'OVER';
    console.log(`Aim: dispatch:board p95 < ${BUDGET_P95_MS} ms in main; worst p95 ${worstBoard.toFixed(2)} ms: ${verdict}`);
    if (worstBoard >= BUDGET_P95_MS) process.exitCode = 1;
  } finally {
    db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
