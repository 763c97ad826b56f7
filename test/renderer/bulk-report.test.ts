import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../src-shared/api/work-order';

// The renderer's one door to main, faked: the outbox as the test sets it, events fired by hand.
const fake = vi.hoisted(() => ({
  entries: [] as { id: string; state: string; error: { message: string } | null }[],
  listeners: [] as (() => void)[],
  calls: [] as [string, unknown][],
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    if (channel === 'outbox:list') return { entries: fake.entries };
    return {};
  },
  on: (_event: string, listener: () => void) => {
    fake.listeners.push(listener);
    return () => fake.listeners.splice(fake.listeners.indexOf(listener), 1);
  },
}));

const { BulkReport } = await import('../../src-renderer/state/bulk-report.svelte');

const READY = { types_of_work: [{ id: 1 }], location: { city: 'Austin' }, schedule: { service_window: { mode: 'exact' } }, pay: { base: { amount: 100 } } };
const draft = (id: number, ready = true) => ({ id, title: `Draft ${id}`, status: { id: 1, name: 'Draft' }, ...(ready ? READY : {}) }) as unknown as WorkOrder;
const published = (id: number) => ({ ...draft(id), status: { id: 2, name: 'Published' } }) as unknown as WorkOrder;

async function settle(report: InstanceType<typeof BulkReport>, done: (outcomes: string[]) => boolean) {
  await vi.waitFor(() => {
    flushSync();
    expect(done(report.rows.map((row) => row.outcome))).toBe(true);
  });
}

describe('BulkReport', () => {
  beforeEach(() => {
    fake.entries = [];
    fake.listeners = [];
    fake.calls = [];
  });

  it('reports each order: applied, refused with the reason, not allowed from its state; retries the failures', async () => {
    const report = new BulkReport('publish', [draft(1), draft(2), draft(3, false), published(4)]);
    flushSync();
    expect(report.rows.map((row) => row.outcome)).toEqual(['waiting', 'waiting', 'not-allowed', 'not-allowed']);

    let next = 0;
    // Queued: both wait in the outbox.
    fake.entries = [1, 2].map((index) => ({ id: `entry-${index}`, state: 'waiting', error: null }));
    await report.queue(async () => ({ entryId: `entry-${(next += 1)}` }));
    flushSync();
    expect(report.rows.map((row) => row.outcome)).toEqual(['waiting', 'waiting', 'not-allowed', 'not-allowed']);
    // Entry 1 left the outbox (applied); entry 2 was refused.
    fake.entries = [{ id: 'entry-2', state: 'refused', error: { message: 'Publish needs a manager' } }];
    fake.listeners.forEach((listener) => listener());
    await settle(report, (outcomes) => outcomes[0] === 'applied' && outcomes[1] === 'refused');
    expect(report.rows[1]?.reason).toBe('Publish needs a manager');
    expect(report.counts).toMatchObject({ applied: 1, refused: 1, 'not-allowed': 2 });
    expect(report.retryable.map((row) => row.id)).toEqual([2]);

    // Retry: the refused entry goes back to the front of its line, and this time it lands.
    fake.entries = [];
    await report.retryFailures();
    expect(fake.calls).toContainEqual(['outbox:retry', { entryId: 'entry-2' }]);
    fake.listeners.forEach((listener) => listener());
    await settle(report, (outcomes) => outcomes[1] === 'applied');
    expect(report.done).toBe(true);
  });

  it('says "not queued" with the reason when main refuses the write, and queues it again on retry', async () => {
    const report = new BulkReport('publish', [draft(1)]);
    await report.queue(async () => {
      throw new Error('disk full');
    });
    await settle(report, (outcomes) => outcomes[0] === 'failed');
    await report.retryFailures();
    flushSync();
    expect(report.rows[0]?.outcome).toBe('failed');
  });

  it('takes back a whole batch still inside its undo window', async () => {
    const done = (id: number) => ({ ...draft(id), status: { id: 4, name: 'Work Done' } }) as unknown as WorkOrder;
    const report = new BulkReport('approve', [done(1), done(2)]);
    fake.entries = [1, 2].map((index) => ({ id: `entry-${index}`, state: 'scheduled', error: null }));
    let next = 0;
    await report.queue(async () => ({ entryId: `entry-${(next += 1)}` }));
    await report.undoAll();
    flushSync();
    expect(fake.calls.filter(([channel]) => channel === 'outbox:discard')).toEqual([
      ['outbox:discard', { entryId: 'entry-1' }],
      ['outbox:discard', { entryId: 'entry-2' }],
    ]);
    expect(report.rows.map((row) => row.outcome)).toEqual(['undone', 'undone']);
    expect(report.done).toBe(true);
  });
});
