import { describe, expect, it, vi } from 'vitest';
import type { MarketplaceClient } from '../../../src-main/api-client/marketplace-client';
import { Connectivity } from '../../../src-main/outbox/connectivity';
import type { Outbox } from '../../../src-main/outbox/outbox';
import type { StoredEntry } from '../../../src-main/outbox/outbox-store';
import { OutboxRunner } from '../../../src-main/outbox/runner';
import { nextDueAt, readyEntries } from '../../../src-main/outbox/scheduler';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { until } from '../../support/until';

// A send whose request landed but whose outcome could not be stored (a step of main's own threw)
// left its entry marked as sending: nothing sends such an entry again, so the change waited,
// online, until the app restarted. The runner puts it back in the line instead.

const ORDER = { id: 10_007, status: { id: 2, name: 'Published' } };

function publishEntry(): StoredEntry {
  const now = Date.now();
  return {
    seq: 1, id: 'entry-1', kind: 'workorders:publish', lane: 'wo:10007', after: [], workOrderId: 10_007, input: { id: 10_007 }, context: {},
    state: 'queued', attempts: 0, uncertain: false, notBefore: null, nextAttemptAt: null, error: null, conflict: null, createdAt: now, updatedAt: now,
  };
}

/** An outbox of one entry whose first `applied` throws, with the runner's view of it (the same scheduler). */
function oneEntryOutbox(entry: StoredEntry, { throwsOnce = true } = {}) {
  const entries = [entry];
  /** While true the entry is not ready, as an order waiting for its create is not. */
  const hold = { value: false };
  const listeners = new Set<() => void>();
  let throws = throwsOnce ? 1 : 0;
  const failures: { retryAt: number | null; uncertain: boolean; code: string | undefined }[] = [];
  const outbox = {
    onReady: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    next: (busy: ReadonlySet<string>, limit: number) => readyEntries(entries, { busy, limit, now: Date.now(), discarding: new Set(), namesUnresolved: () => hold.value }),
    nextDueAt: () => nextDueAt(entries),
    holds: (candidate: StoredEntry) => entries.includes(candidate),
    resolved: (candidate: StoredEntry) => candidate.input,
    whileSending: () => () => {},
    map: (id: number) => id,
    markSending(candidate: StoredEntry) {
      Object.assign(candidate, { state: 'sending', attempts: candidate.attempts + 1 });
    },
    applied(candidate: StoredEntry) {
      if (throws > 0) {
        throws -= 1;
        throw new Error('SQLITE_IOERR: disk I/O error');
      }
      entries.splice(entries.indexOf(candidate), 1);
    },
    failed(candidate: StoredEntry, error: { code: string } | null, retryAt: number | null, uncertain: boolean) {
      failures.push({ retryAt, uncertain, code: error?.code });
      Object.assign(candidate, { state: 'retrying', nextAttemptAt: retryAt, uncertain: candidate.uncertain || uncertain });
      for (const listener of listeners) listener();
    },
  };
  return { outbox: outbox as unknown as Outbox, entries, failures, hold };
}

describe('a send that ends in an error of main’s own', () => {
  it('puts its entry back in the line as uncertain, says so in the log, and sends it again (confirming first)', async () => {
    const entry = publishEntry();
    const { outbox, entries, failures } = oneEntryOutbox(entry);
    const calls: string[] = [];
    const client = {
      session: { onStateChange: () => () => {} },
      workOrders: {
        publish: async (id: number) => (calls.push(`publish ${id}`), ORDER),
        get: async (id: number) => (calls.push(`get ${id}`), ORDER),
      },
    } as unknown as MarketplaceClient;
    const logger = createMemoryLogger();
    const runner = new OutboxRunner({ outbox, client, connectivity: new Connectivity(), logger, onUploadProgress: () => {}, backoff: { baseMs: 5, maxMs: 10 } });
    runner.start();
    await until(async () => entries.length, (left) => left === 0, 'the entry applied on its second attempt', 5_000);
    await runner.stop();

    expect(failures).toEqual([{ retryAt: expect.any(Number), uncertain: true, code: 'INTERNAL' }]);
    // The second attempt asks the marketplace whether the first landed, and does not publish twice.
    expect(calls).toEqual(['publish 10007', 'get 10007']);
    expect(logger.records.filter((record) => record.level === 'error').map((record) => record.message)).toEqual(['outbox: a send ended in an error of its own']);
  });

  it('a change that became ready with no wake is found within five seconds, and the log says so', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const entry = publishEntry();
      const { outbox, entries, hold } = oneEntryOutbox(entry, { throwsOnce: false });
      hold.value = true;
      const calls: string[] = [];
      const client = { session: { onStateChange: () => () => {} }, workOrders: { publish: async (id: number) => (calls.push(`publish ${id}`), ORDER) } } as unknown as MarketplaceClient;
      const logger = createMemoryLogger();
      const runner = new OutboxRunner({ outbox, client, connectivity: new Connectivity(), logger, onUploadProgress: () => {} });
      runner.start();
      await vi.advanceTimersByTimeAsync(6_000);
      expect(calls).toEqual([]);
      // Ready now, and nothing says so (the lost wake): the next periodic look sends it.
      hold.value = false;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(calls).toEqual(['publish 10007']);
      expect(entries).toEqual([]);
      expect(logger.records.filter((record) => record.level === 'warn').map((record) => record.message)).toEqual(['outbox: a change due for a while was found by the periodic look']);
      await runner.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a change that comes due while the runner looks is sent at once, not at the periodic look', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const entry = { ...publishEntry(), notBefore: Date.now() + 1_000 };
      const { outbox, entries } = oneEntryOutbox(entry, { throwsOnce: false });
      // The clock ticks by a millisecond while the scheduler answers what is ready, and the runner's
      // reading is that millisecond ahead: its timer fires just before the change is due.
      const next = outbox.next.bind(outbox);
      outbox.next = (busy, limit) => {
        const ready = next(busy, limit);
        vi.setSystemTime(Date.now() + 1);
        return ready;
      };
      const calls: string[] = [];
      const client = { session: { onStateChange: () => () => {} }, workOrders: { publish: async (id: number) => (calls.push(`publish ${id}`), ORDER) } } as unknown as MarketplaceClient;
      const logger = createMemoryLogger();
      const runner = new OutboxRunner({ outbox, client, connectivity: new Connectivity(), logger, onUploadProgress: () => {}, now: () => Date.now() + 1 });
      runner.start();
      await vi.advanceTimersByTimeAsync(1_100);
      expect(calls).toEqual(['publish 10007']);
      expect(entries).toEqual([]);
      expect(logger.records.filter((record) => record.level === 'warn')).toEqual([]);
      await runner.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
