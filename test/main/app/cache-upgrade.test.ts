import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CacheProgress } from '../../../src-shared/ipc/cache-progress';
import type { WorkOrderPage } from '../../../src-shared/ipc/channels';
import { cacheFilePath } from '../../../src-main/environments/environment-manager';
import { FILL_BATCH_ROWS } from '../../../src-main/platform/sqlite-migrations';
import { temporaryDir } from '../../support/temporary-dir';
import { migrateTo } from '../db/migrations/support';
import { appUnderTest } from './support';

// The first opening after an update whose migration rebuilds the search index of every cached
// order (0028: 30 s at a million orders) says how far it is, and the cache answers as before.

const ORDERS = FILL_BATCH_ROWS * 2 + 7;

/** A cache as the release before made it (version 27), with orders whose descriptions only the rebuilt index finds. */
function cacheBeforeTheUpdate(dataDir: string): void {
  const file = cacheFilePath(dataDir, 'local');
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  migrateTo(db, 27);
  const order = db.prepare("INSERT INTO work_orders (id, title, city, state, status_id, updated_at, cached_at) VALUES (?, ?, 'Denver', 'CO', 2, 0, 0)");
  const document = db.prepare('INSERT INTO work_order_documents (id, json) VALUES (?, ?)');
  db.transaction(() => {
    for (let id = 1; id <= ORDERS; id += 1) {
      order.run(id, `Order ${id}`);
      document.run(id, JSON.stringify({ id, title: `Order ${id}`, status: { id: 2, name: 'Published' }, description: { html: `<p>Bring a ${id % 2 ? 'ladder' : 'torch'}</p>` } }));
    }
  })();
  db.close();
}

describe('opening a cache after an update that rebuilds its search index', () => {
  it('says how far it is, batch by batch, then that it finished; the rebuilt index finds every order', async () => {
    const dataDir = temporaryDir();
    cacheBeforeTheUpdate(dataDir);
    const { app, call } = appUnderTest({ dataDir });
    const progress: CacheProgress[] = [];
    app.events.subscribe((event, payload) => {
      if (event === 'cache:did-progress') progress.push(payload as CacheProgress);
    });

    const ladders = await call<WorkOrderPage>('workorders:list', { search: 'ladder', per_page: 1 });
    expect(ladders.total).toBe(Math.ceil(ORDERS / 2));
    expect(progress.map(({ done, finished }) => [done, finished])).toEqual([
      [0, false],
      [FILL_BATCH_ROWS, false],
      [FILL_BATCH_ROWS * 2, false],
      [ORDERS, false],
      [ORDERS, true],
    ]);
    expect(progress.every((step) => step.label === 'Rebuilding the search index' && step.total === ORDERS)).toBe(true);

    // Opened once: nothing is said at the next call.
    await call<WorkOrderPage>('workorders:list', { search: 'torch', per_page: 1 });
    expect(progress).toHaveLength(5);
  });

  it('quitting does not wait out the rebuild: it is undone, and the cache runs it again at the next start', async () => {
    const dataDir = temporaryDir();
    cacheBeforeTheUpdate(dataDir);
    const { app, invoke } = appUnderTest({ dataDir });
    let started: () => void = () => {};
    const underWay = new Promise<void>((resolve) => (started = resolve));
    app.events.subscribe((event) => {
      if (event === 'cache:did-progress') started();
    });
    const listed = invoke('workorders:list', { search: 'ladder', per_page: 1 });
    await underWay;
    await app.close();
    expect(await listed).toMatchObject({ ok: false, error: { code: 'APP_CLOSING' } });
    const db = new Database(cacheFilePath(dataDir, 'local'), { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(27);
    db.close();
  });
});
