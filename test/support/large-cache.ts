import { openCache } from '../../src-main/db/database';
import { WorkOrderRepository } from '../../src-main/db/work-order-repository';
import { serializeWorkOrder } from '../../src-main/db/work-order-writes';
import { cacheFilePath } from '../../src-main/environments/environment-manager';
import { EnvironmentSettingsStore } from '../../src-main/environments/environment-settings';
import { createMemoryLogger } from '../../src-main/platform/logger';
import { generatedWorkOrders } from '../main/db/work-order-fixtures';

/** Orders per transaction: big enough that commits do not dominate, small enough to stay light on memory. */
const BATCH = 5_000;

/**
 * Writes `count` generated orders (ids 1..count, `test/main/db/work-order-fixtures.ts`) into the
 * cache file, as a first sync writes them: a bulk load with the indexes built once at the end, then
 * `optimize` so the planner knows the tables' sizes. Answers the milliseconds it took.
 */
export function fillCache(file: string, count: number): number {
  const started = performance.now();
  const db = openCache(file);
  try {
    const repository = new WorkOrderRepository(db);
    const bulk = repository.beginBulkLoad();
    try {
      for (let first = 1; first <= count; first += BATCH) {
        repository.writeMany(generatedWorkOrders(Math.min(BATCH, count - first + 1), first, first).map(serializeWorkOrder));
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

/** The environment whose cache a prepared data dir fills: never configured, so nothing signs in. */
export const PREPARED_ENVIRONMENT = 'sandbox';

/**
 * Prepares a fresh data dir whose active environment's cache already holds `count` orders, for a
 * web host started on it afterwards. Not the local environment: signing in there pulls the demo
 * company, and a pull that saw every order the service lists removes all the others (sync/README).
 * The sandbox has no addresses, so the sign-in at launch fails (ENVIRONMENT_NOT_CONFIGURED) before
 * any request, and the app works from the cache, as it does offline.
 */
export function prepareLargeCache(dataDir: string, count: number): number {
  new EnvironmentSettingsStore(dataDir, createMemoryLogger()).setActive(PREPARED_ENVIRONMENT);
  return fillCache(cacheFilePath(dataDir, PREPARED_ENVIRONMENT), count);
}
