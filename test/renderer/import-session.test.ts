import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { ImportSession } from '../../src-renderer/state/import.svelte';
import { importBatches } from '../../src-renderer/services/import';
import { cacheChanges } from '../../src-renderer/state/cache-changes.svelte';
import { outbox } from '../../src-renderer/state/outbox.svelte';
import { api, entryId, outboxEntry } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

// The outbox as main holds it, set by the test; each queued draft gets the next temporary id.
let entries: OutboxEntry[] = [];
let nextTemp = -1;
const stops: (() => void)[] = [];

const table = (rows: string[][]) => ({ fileName: 'jobs.csv', headings: ['Job title', 'Ref'], rows });

describe('ImportSession', () => {
  beforeEach(() => {
    api.reset();
    entries = [];
    nextTemp = -1;
    api.answer('outbox:list', () => ({ entries }));
    api.answer('settings:update', (change) => ({ ...DEFAULT_SETTINGS, ...change }));
    api.answer('workorders:import', ({ orders }) => ({ receipts: orders.map(() => ({ entryId: entryId(-nextTemp), id: nextTemp-- })) }));
    // The stores a session follows, started as App starts them.
    stops.push(cacheChanges.start(), outbox.start());
  });
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  it('previews the rows with their problems, remembers the mapping, queues the valid ones and follows each to the report', async () => {
    const session = new ImportSession(table([['Fix door'], [''], ['Paint wall']]), {}, { ref: 'incidentId' });
    expect(session.columns.map((column) => column.target)).toEqual(['title', 'incidentId']);
    session.setTarget(1, 'ignore');
    await session.preview();
    flushSync();
    expect(session.step).toBe('preview');
    expect([session.valid.length, session.invalid.length]).toEqual([2, 1]);
    expect(session.invalid[0]).toMatchObject({ row: 3, problems: [{ field: 'Title', message: 'Required' }] });
    expect(api.inputsOf('settings:update')).toEqual([{ importMapping: { ref: 'ignore', jobtitle: 'title' } }]);

    entries = [outboxEntry(1, { kind: 'workorders:create', workOrderId: -1 }), outboxEntry(2, { kind: 'workorders:create', workOrderId: -2 })];
    await session.importValid();
    flushSync();
    expect(session.step).toBe('importing');
    expect(api.count('workorders:import')).toBe(1);
    expect(session.drafts.map((draft) => [draft.row, draft.outcome])).toEqual([[2, 'waiting'], [4, 'waiting']]);

    // The first lands (its temporary id becomes the marketplace's), the second is refused: main
    // says both at once. The outbox store's read and the cache's burst run on their own timers
    // (here the read comes first, its timer set when the session began to follow): either way the
    // report names the draft by the marketplace's id, not a temporary one that no longer exists.
    api.emit('workorders:did-change', { ids: [101], renamed: [{ from: -1, to: 101 }] });
    entries = [outboxEntry(2, { kind: 'workorders:create', workOrderId: -2, state: 'refused', error: { code: 'API_REJECTED', message: 'Title too long', fields: [] } })];
    api.emit('outbox:changed', { pending: 1, refused: 1 });
    await vi.waitFor(() => {
      flushSync();
      expect(session.step).toBe('report');
      expect(session.created.map((draft) => draft.id)).toEqual([101]);
    });
    expect(session.refused).toMatchObject([{ row: 4, reason: 'Title too long' }]);
    session.close();
  });

  it('queues the auto-dispatch of the rows that ask for it after their drafts, one per rule and mode', async () => {
    api.answer('workorders:auto-dispatch', () => ({ entryId: entryId(900) }));
    const headings = ['Title', 'Type of work', 'Service type', 'Start', 'Pay', 'City', 'State', 'Zip', 'Address', 'Auto-dispatch', 'Rule', 'Route or assign'];
    const job = (title: string, ...dispatch: string[]) => [title, 'Point of Sale (POS)', 'Installation', '2026-12-01 09:00', '240', 'Chicago', 'IL', '60601', '1 Main St', ...dispatch];
    const rows = [job('A', 'yes', 'Nearest', ''), job('B', 'no', '', ''), job('C', 'yes', '', 'route'), job('D', 'yes', 'nearest', 'assign')];
    const session = new ImportSession({ fileName: 'jobs.csv', headings, rows }, { selectionRules: [{ id: 1101, name: 'Nearest' }] }, {});
    await session.preview();
    expect(session.invalid).toEqual([]);
    await session.importValid();
    expect(api.inputsOf('workorders:import')[0]?.orders.map((order) => order.auto_dispatch)).toEqual([true, undefined, true, true]);
    expect(api.inputsOf('workorders:auto-dispatch')).toEqual([{ ids: [-1, -4], selectionRuleId: 1101 }, { ids: [-3], shouldRoute: true }]);
    expect(api.calls.map(([channel]) => channel).filter((channel) => channel.startsWith('workorders:'))).toEqual(['workorders:import', 'workorders:auto-dispatch', 'workorders:auto-dispatch']);
    session.close();
  });

  it('sends a large file in batches the web host’s socket takes, and says how many are queued', async () => {
    const rows = Array.from({ length: 600 }, (_, index) => [`Job ${index}`]);
    const session = new ImportSession(table(rows), {}, {});
    await session.preview();
    entries = [];
    await session.importValid();
    expect(api.inputsOf('workorders:import').map(({ orders }) => orders.length)).toEqual([250, 250, 100]);
    expect(session.queued).toBe(600);
    // Nothing left in the outbox: every draft was made.
    await vi.waitFor(() => {
      flushSync();
      expect(session.created).toHaveLength(600);
    });
    session.close();
  });

  it('cuts batches by size too, so long descriptions still fit the socket’s frames', () => {
    const long = (index: number) => ({ title: `Job ${index}`, description: { html: 'x'.repeat(200_000) } });
    expect(importBatches([long(1), long(2), long(3), long(4)]).map((batch) => batch.length)).toEqual([2, 2]);
    expect(importBatches([])).toEqual([]);
  });
});
