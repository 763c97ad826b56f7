import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../src-shared/ipc/order-history';
import { cacheChanges } from '../../src-renderer/state/cache-changes.svelte';
import { OrderHistoryState } from '../../src-renderer/state/order-history.svelte';
import { historyClock, historyDays } from '../../src-renderer/views/work-order-detail/history-days';
import { api } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

// An open order's History (issue 28): read only while on screen, kept fresh by the outbox's and the
// cache's events, and grouped by day in the site's zone.

const ORDER = 10011;
const entry = (id: string, at: number): HistoryEntry => ({ id, at, who: 'You', kind: 'queued', what: 'queued “Publish”', source: 'this-machine' });

describe('an open order’s history', () => {
  const stops: (() => void)[] = [];
  let answer: HistoryEntry[] = [];
  beforeEach(() => {
    api.reset();
    vi.useFakeTimers();
    answer = [entry('outbox:1', 1)];
    api.answer('workorders:history', () => ({ entries: answer, older: 0 }));
    stops.push(cacheChanges.start());
  });
  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.useRealTimers();
  });

  it('reads nothing while hidden, reads on showing, and once per burst of changes while shown', async () => {
    const history = new OrderHistoryState(() => ORDER);
    stops.push(history.start());
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await vi.advanceTimersByTimeAsync(100);
    expect(api.calls).toEqual([]);

    history.setVisible(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(api.calls).toEqual([['workorders:history', { workOrderId: ORDER }]]);
    expect(history.entries.map((step) => step.id)).toEqual(['outbox:1']);

    // A write: the order in the cache and the outbox's counts, in one burst.
    answer = [entry('outbox:2', 2), entry('outbox:1', 1)];
    api.clearCalls();
    api.emit('workorders:did-change', { ids: [ORDER] });
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.calls).toHaveLength(1);
    expect(history.entries.map((step) => step.id)).toEqual(['outbox:2', 'outbox:1']);

    // Another order changed: nothing to read; hidden again, a change waits for the next showing.
    api.clearCalls();
    api.emit('workorders:did-change', { ids: [10012] });
    history.setVisible(false);
    api.emit('outbox:changed', { pending: 0, refused: 0 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.calls).toEqual([]);
    history.setVisible(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(api.calls).toHaveLength(1);
  });

  it('groups steps by the site’s day, newest first, naming today and yesterday, the zone named on each time', () => {
    const now = Date.UTC(2026, 10, 27, 18, 0);
    // 03:00 UTC on the 27th is still the 26th in Chicago.
    const steps = [entry('a', Date.UTC(2026, 10, 27, 16, 5)), entry('b', Date.UTC(2026, 10, 27, 3, 0)), entry('c', Date.UTC(2026, 10, 20, 15, 0)), entry('d', Date.UTC(2025, 11, 31, 15, 0))];
    const days = historyDays(steps, 'America/Chicago', now);
    expect(days.map((day) => [day.key, day.label, day.entries.map((step) => step.id).join('')])).toEqual([
      ['2026-11-27', 'Today', 'a'],
      ['2026-11-26', 'Yesterday', 'b'],
      ['2026-11-20', 'Fri, Nov 20', 'c'],
      ['2025-12-31', 'Wed, Dec 31, 2025', 'd'],
    ]);
    expect(historyClock(Date.UTC(2026, 10, 27, 16, 5), 'America/Chicago')).toBe('10:05 CST');
  });
});
