import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/channels';
import { badges } from '../../src-renderer/state/badges.svelte';
import { cacheChanges } from '../../src-renderer/state/cache-changes.svelte';
import { connectivity } from '../../src-renderer/state/connectivity.svelte';
import { orderActions } from '../../src-renderer/state/order-actions.svelte';
import { outbox } from '../../src-renderer/state/outbox.svelte';
import { reference } from '../../src-renderer/state/reference.svelte';
import { refusals } from '../../src-renderer/state/refusals.svelte';
import { WorkOrderDetailState } from '../../src-renderer/state/work-order-detail.svelte';
import { WorkOrderList } from '../../src-renderer/state/work-order-list.svelte';
import { api, connectivityStatus, outboxEntry, receipt, workOrder, workOrderDetail, workOrderPage } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

/*
 * What one write costs the renderer in reads of the cache, with the stores started as App starts
 * them and the Work orders screen showing the list and one order. Main announces a write with the
 * orders it changed and the outbox's counts; every store follows those, so the budget is a read
 * per screen part that shows the order, and nothing else.
 */

/** A draft with what publishing needs, so the publish is queued. */
const ORDER: WorkOrder = workOrder(10012, {
  status: { id: 1, name: 'Draft' },
  types_of_work: [{ id: 1 }],
  location: { city: 'Austin' },
  schedule: { service_window: { mode: 'exact' } },
  pay: { base: { amount: 100 } },
});

/** Every read the app starts with, answered from a cache holding the one order. */
function answerCache() {
  api.answer('workorders:list', (query) => workOrderPage(query.attention ? [] : [ORDER], { pending: [], deliverablesWaiting: 2 }));
  api.answer('views:list', () => []);
  api.answer('workorders:detail', () => workOrderDetail(ORDER));
  api.answer('workorders:refresh', () => workOrderDetail(ORDER, { partsFetchedAt: 1 }));
  api.answer('outbox:list', () => ({ entries: [] }));
  api.answer('connectivity:status', () => connectivityStatus());
  api.answer('reference:get', ({ kind }) => ({ kind, entries: [] }));
  api.answer('clients:list', () => []);
  api.answer('projects:list', () => []);
  api.answer('managers:list', () => []);
  api.answer('settings:get', () => DEFAULT_SETTINGS);
  // The write: main queues it and answers with its entry at once.
  api.answer('workorders:publish', () => receipt(1));
}

/**
 * Fake time moves this far: past every burst window (16 ms), the outbox store's paced reads (at
 * most 1 s apart) and any read a store delays, so a read that would follow has followed.
 */
const DEADLINE_MS = 5_000;

const stops: (() => void)[] = [];

describe('reads after one write', () => {
  beforeEach(() => {
    api.reset();
    answerCache();
    vi.useFakeTimers();
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
  });

  it('a publish of the open order costs the list one read and the open order one, and nothing of the outbox, the connection or the review queue', async () => {
    // App's stores, in App's order, then the Work orders screen with the order open.
    stops.push(cacheChanges.start(), outbox.start(), connectivity.start(), reference.start(), badges.start(), refusals.start());
    const list = new WorkOrderList();
    stops.push(list.start());
    const detail = new WorkOrderDetailState(ORDER.id);
    stops.push(detail.start());
    await vi.advanceTimersByTimeAsync(DEADLINE_MS);
    flushSync();
    expect(list.rowAt(0)?.id).toBe(ORDER.id);
    expect(detail.refresh.phase).toBe('done');
    expect(badges.deliverables).toBe(2);

    api.clearCalls();
    await orderActions.run('publish', [ORDER], {});
    expect(api.calls).toEqual([['workorders:publish', { id: ORDER.id }]]);

    // What main sends for one write: the order changed in the cache, then the outbox's counts.
    api.answer('workorders:detail', () => workOrderDetail(ORDER, { outbox: [outboxEntry(1, { workOrderId: ORDER.id })] }));
    api.answer('workorders:list', () => workOrderPage([ORDER], { pending: [ORDER.id], deliverablesWaiting: 2 }));
    api.emit('workorders:did-change', { ids: [ORDER.id] });
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await vi.advanceTimersByTimeAsync(DEADLINE_MS);
    flushSync();

    const reads = api.calls.slice(1).map(([channel]) => channel);
    expect(reads.toSorted()).toEqual(['workorders:detail', 'workorders:list']);
    expect(reads).not.toContain('outbox:list');
    expect(reads).not.toContain('connectivity:status');
    expect(reads).not.toContain('deliverables:list');
    // What those reads and events showed: the order pending in the list and in its panel, the counts.
    expect(list.pending).toEqual({ [ORDER.id]: true });
    expect(detail.pending).toBe(true);
    expect(outbox.counts).toEqual({ pending: 1, refused: 0 });
    expect(connectivity.status).toMatchObject({ pending: 1, refused: 0 });
  });
});

describe('the outbox is read by one module', () => {
  // From the project's root (vitest's working directory): this environment builds import.meta.url for a browser.
  const root = join(process.cwd(), 'src-renderer');
  const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(ts|svelte)$/.test(path))
    .map((path) => ({ path: relative(root, join(root, path)).split('\\').join('/'), text: readFileSync(join(root, path), 'utf8') }));

  it('names the channel outbox:list in one module only, the outbox service', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(sources.filter(({ text }) => /(['"])outbox:list\1/.test(text)).map(({ path }) => path)).toEqual(['services/outbox.ts']);
  });

  it('calls listOutbox from the outbox store only', () => {
    const users = sources.filter(({ path, text }) => path !== 'services/outbox.ts' && /\blistOutbox\b/.test(text)).map(({ path }) => path);
    expect(users).toEqual(['state/outbox.svelte.ts']);
  });
});
