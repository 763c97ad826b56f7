// Why a first sync defers the cache's indexes (src-main/db/deferred-indexes.ts): 10,000 generated
// orders written into an empty cache file a page (100) per transaction, as the pull writes them,
// once with every index kept up to date and once as a bulk load (indexes dropped, then built in one
// pass), each timed from the first write until the indexes are in place. Median of 5 rounds.
// Run: `npm run bench -- bulk-load`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCache } from '../../src-main/db/database';
import { WorkOrderRepository } from '../../src-main/db/work-order-repository';
import { serializeWorkOrder } from '../../src-main/db/work-order-writes';
import { generatedWorkOrders } from '../main/db/work-order-fixtures';

const ORDERS = 10_000;
const PAGE = 100;
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function load(file: string, entries: ReturnType<typeof serializeWorkOrder>[], bulk: boolean): { totalMs: number; indexMs: number } {
  const db = openCache(file);
  try {
    const repository = new WorkOrderRepository(db);
    const started = performance.now();
    if (bulk) repository.beginBulkLoad();
    for (let first = 0; first < entries.length; first += PAGE) repository.writeMany(entries.slice(first, first + PAGE));
    const written = performance.now();
    if (bulk) repository.endBulkLoad();
    const ended = performance.now();
    return { totalMs: ended - started, indexMs: ended - written };
  } finally {
    db.close();
  }
}

export default async function run(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'bulk-load-bench-'));
  try {
    const entries = generatedWorkOrders(ORDERS, 1).map(serializeWorkOrder);
    const kept: number[] = [];
    const deferred: number[] = [];
    const building: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      kept.push(load(join(folder, `kept-${round}.db`), entries, false).totalMs);
      const bulk = load(join(folder, `bulk-${round}.db`), entries, true);
      deferred.push(bulk.totalMs);
      building.push(bulk.indexMs);
    }
    console.log(`${ORDERS.toLocaleString('en-US')} orders, ${PAGE} per transaction, median of ${ROUNDS} rounds:`);
    console.log(`indexes kept up to date: ${median(kept).toFixed(0)} ms  rounds: ${kept.map((ms) => ms.toFixed(0)).join(', ')}`);
    console.log(`bulk load: ${median(deferred).toFixed(0)} ms, of which building the indexes ${median(building).toFixed(0)} ms  rounds: ${deferred.map((ms) => ms.toFixed(0)).join(', ')}`);
    console.log(`bulk load / kept: ${(median(deferred) / median(kept)).toFixed(2)}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
