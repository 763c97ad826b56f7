import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { BulkReport } from '../../src-renderer/state/bulk-report.svelte';
import { outbox } from '../../src-renderer/state/outbox.svelte';
import { api, entryId, outboxEntry } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

// The outbox as main holds it, set by the test; its changes announced with api.emit.
let entries: OutboxEntry[] = [];
const reports: BulkReport[] = [];
let stopOutbox = () => {};

/** A report the test starts; each is closed after its test, so none follows the outbox into the next. */
function report(...args: ConstructorParameters<typeof BulkReport>): BulkReport {
  const made = new BulkReport(...args);
  reports.push(made);
  return made;
}

const READY = { types_of_work: [{ id: 1 }], location: { city: 'Austin' }, schedule: { service_window: { mode: 'exact' } }, pay: { base: { amount: 100 } } };
const draft = (id: number, ready = true) => ({ id, title: `Draft ${id}`, status: { id: 1, name: 'Draft' }, ...(ready ? READY : {}) }) as unknown as WorkOrder;
const published = (id: number) => ({ ...draft(id), status: { id: 2, name: 'Published' } }) as unknown as WorkOrder;

async function settle(bulk: BulkReport, done: (outcomes: string[]) => boolean) {
  await vi.waitFor(() => {
    flushSync();
    expect(done(bulk.rows.map((row) => row.outcome))).toBe(true);
  });
}

describe('BulkReport', () => {
  beforeEach(() => {
    api.reset();
    entries = [];
    api.answer('outbox:list', () => ({ entries }));
    api.answer('outbox:retry', ({ entryId: id }) => outboxEntry(0, { id }));
    api.answer('outbox:discard', ({ entryId: id }) => ({ discarded: [id] }));
    // The outbox store as App starts it: a report follows it.
    stopOutbox = outbox.start();
  });
  afterEach(() => {
    reports.splice(0).forEach((made) => made.close());
    stopOutbox();
  });

  it('reports each order: applied, refused with the reason, not allowed from its state; retries the failures', async () => {
    const bulk = report('publish', [draft(1), draft(2), draft(3, false), published(4)]);
    flushSync();
    expect(bulk.rows.map((row) => row.outcome)).toEqual(['waiting', 'waiting', 'not-allowed', 'not-allowed']);

    let next = 0;
    // Queued: both wait in the outbox.
    entries = [outboxEntry(1), outboxEntry(2)];
    await bulk.queue(async () => ({ entryId: entryId((next += 1)) }));
    flushSync();
    expect(bulk.rows.map((row) => row.outcome)).toEqual(['waiting', 'waiting', 'not-allowed', 'not-allowed']);
    // Entry 1 left the outbox (applied); entry 2 was refused.
    entries = [outboxEntry(2, { state: 'refused', error: { code: 'API_REJECTED', message: 'Publish needs a manager', fields: [] } })];
    api.emit('outbox:changed', { pending: 1, refused: 1 });
    await settle(bulk, (outcomes) => outcomes[0] === 'applied' && outcomes[1] === 'refused');
    expect(bulk.rows[1]?.reason).toBe('Publish needs a manager');
    expect(bulk.counts).toMatchObject({ applied: 1, refused: 1, 'not-allowed': 2 });
    expect(bulk.retryable.map((row) => row.id)).toEqual([2]);

    // Retry: the refused entry goes back to the front of its line, and this time it lands.
    entries = [];
    await bulk.retryFailures();
    expect(api.inputsOf('outbox:retry')).toEqual([{ entryId: entryId(2) }]);
    api.emit('outbox:changed', { pending: 0, refused: 0 });
    await settle(bulk, (outcomes) => outcomes[1] === 'applied');
    expect(bulk.done).toBe(true);
  });

  it('says "not queued" with the reason when main refuses the write, and queues it again on retry', async () => {
    const bulk = report('publish', [draft(1)]);
    await bulk.queue(async () => {
      throw new Error('disk full');
    });
    await settle(bulk, (outcomes) => outcomes[0] === 'failed');
    await bulk.retryFailures();
    flushSync();
    expect(bulk.rows[0]?.outcome).toBe('failed');
  });

  it('takes back a whole batch still inside its undo window', async () => {
    const done = (id: number) => ({ ...draft(id), status: { id: 4, name: 'Work Done' } }) as unknown as WorkOrder;
    const bulk = report('approve', [done(1), done(2)]);
    entries = [outboxEntry(1, { state: 'scheduled' }), outboxEntry(2, { state: 'scheduled' })];
    let next = 0;
    await bulk.queue(async () => ({ entryId: entryId((next += 1)) }));
    await bulk.undoAll();
    flushSync();
    expect(api.inputsOf('outbox:discard')).toEqual([{ entryId: entryId(1) }, { entryId: entryId(2) }]);
    expect(bulk.rows.map((row) => row.outcome)).toEqual(['undone', 'undone']);
    expect(bulk.done).toBe(true);
  });
});
