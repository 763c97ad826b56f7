import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The renderer's one door to main, faked: the outbox as the test sets it, events fired by hand.
const fake = vi.hoisted(() => ({
  entries: [] as { id: string; state: string; error: { message: string } | null }[],
  listeners: {} as Record<string, ((payload: unknown) => void)[]>,
  calls: [] as [string, unknown][],
  nextTemp: -1,
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    if (channel === 'outbox:list') return { entries: fake.entries };
    if (channel === 'workorders:import') {
      const { orders } = input as { orders: unknown[] };
      return { receipts: orders.map(() => ({ entryId: `entry${-fake.nextTemp}`, id: fake.nextTemp-- })) };
    }
    return {};
  },
  on: (event: string, listener: (payload: unknown) => void) => {
    (fake.listeners[event] ??= []).push(listener);
    return () => fake.listeners[event]?.splice(fake.listeners[event].indexOf(listener), 1);
  },
}));

const { ImportSession } = await import('../../src-renderer/state/import.svelte');
const { importBatches } = await import('../../src-renderer/services/import');
const fire = (event: string, payload?: unknown) => fake.listeners[event]?.forEach((listener) => listener(payload));

const table = (rows: string[][]) => ({ fileName: 'jobs.csv', headings: ['Job title', 'Ref'], rows });

describe('ImportSession', () => {
  beforeEach(() => {
    fake.entries = [];
    fake.listeners = {};
    fake.calls = [];
    fake.nextTemp = -1;
  });

  it('previews the rows with their problems, remembers the mapping, queues the valid ones and follows each to the report', async () => {
    const session = new ImportSession(table([['Fix door'], [''], ['Paint wall']]), {}, { ref: 'incidentId' });
    expect(session.columns.map((column) => column.target)).toEqual(['title', 'incidentId']);
    session.setTarget(1, 'ignore');
    await session.preview();
    flushSync();
    expect(session.step).toBe('preview');
    expect([session.valid.length, session.invalid.length]).toEqual([2, 1]);
    expect(session.invalid[0]).toMatchObject({ row: 3, problems: [{ field: 'Title', message: 'Required' }] });
    expect(fake.calls).toContainEqual(['settings:update', { importMapping: { ref: 'ignore', jobtitle: 'title' } }]);

    fake.entries = [
      { id: 'entry1', state: 'waiting', error: null },
      { id: 'entry2', state: 'waiting', error: null },
    ];
    await session.importValid();
    flushSync();
    expect(session.step).toBe('importing');
    expect(fake.calls.filter(([channel]) => channel === 'workorders:import')).toHaveLength(1);
    expect(session.drafts.map((draft) => [draft.row, draft.outcome])).toEqual([[2, 'waiting'], [4, 'waiting']]);

    // The first lands (its temporary id becomes the marketplace's), the second is refused.
    fire('workorders:did-change', { ids: [101], renamed: [{ from: -1, to: 101 }] });
    fake.entries = [{ id: 'entry2', state: 'refused', error: { message: 'Title too long' } }];
    fire('outbox:changed');
    await vi.waitFor(() => {
      flushSync();
      expect(session.step).toBe('report');
    });
    expect(session.created.map((draft) => draft.id)).toEqual([101]);
    expect(session.refused).toMatchObject([{ row: 4, reason: 'Title too long' }]);
  });

  it('sends a large file in batches the web host’s socket takes, and says how many are queued', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => [`Job ${index}`]);
    const session = new ImportSession(table(rows), {}, {});
    await session.preview();
    fake.entries = [];
    await session.importValid();
    const batches = fake.calls.filter(([channel]) => channel === 'workorders:import').map(([, input]) => (input as { orders: unknown[] }).orders.length);
    expect(batches).toEqual([250, 250, 100]);
    expect(session.queued).toBe(600);
    // Nothing left in the outbox: every draft was made.
    flushSync();
    expect(session.created).toHaveLength(600);
  });

  it('cuts batches by size too, so long descriptions still fit the socket’s frames', () => {
    const long = (index: number) => ({ title: `Job ${index}`, description: { html: 'x'.repeat(200_000) } });
    expect(importBatches([long(1), long(2), long(3), long(4)]).map((batch) => batch.length)).toEqual([2, 2]);
    expect(importBatches([])).toEqual([]);
  });
});
