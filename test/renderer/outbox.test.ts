import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxStore } from '../../src-renderer/state/outbox.svelte';
import { api, entryId, outboxEntry } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

/** The clock moves past every burst window and every pause between reads: a read that would come has come. */
const afterBursts = () => vi.advanceTimersByTimeAsync(5_000);

const refusedUpdate = (changes: Record<string, unknown>, fields: string[]) =>
  outboxEntry(9, { kind: 'workorders:update', state: 'refused', input: { id: 10009, changes }, error: { code: 'API_REJECTED', message: 'No such client', fields } });

/** A store started with `entries` in the outbox, its first read done. */
async function started(entries = [outboxEntry(1)]) {
  api.answer('outbox:list', () => ({ entries }));
  const outbox = new OutboxStore();
  const stop = outbox.start();
  await settle(() => expect(outbox.loaded).toBe(true));
  return { outbox, stop };
}

describe('OutboxStore', () => {
  // The store waits a burst window (16 ms) before reading: fake time shows what never comes.
  beforeEach(() => {
    api.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes only when started, reads once then, and stops following', async () => {
    const outbox = new OutboxStore();
    expect(api.listenerCount('outbox:changed')).toBe(0);
    api.answer('outbox:list', () => ({ entries: [outboxEntry(1), outboxEntry(2, { state: 'refused' })] }));
    const stop = outbox.start();
    await settle(() => expect(outbox.loaded).toBe(true));
    expect(api.count('outbox:list')).toBe(1);
    expect(outbox.refused.map((entry) => entry.id)).toEqual([entryId(2)]);
    expect(outbox.queue.map((entry) => entry.id)).toEqual([entryId(1)]);
    expect(outbox.counts).toEqual({ pending: 2, refused: 1 });
    stop();
    expect(api.listenerCount('outbox:changed')).toBe(0);
    expect(api.listenerCount('upload:progress')).toBe(0);
  });

  it('takes the counts from each outbox:changed without reading the entries while nobody shows them', async () => {
    const { outbox, stop } = await started();
    api.clearCalls();
    api.emit('outbox:changed', { pending: 4, refused: 0 });
    api.emit('outbox:changed', { pending: 5, refused: 0 });
    expect(outbox.counts).toEqual({ pending: 5, refused: 0 });
    await afterBursts();
    expect(api.count('outbox:list')).toBe(0);
    // A screen opening the outbox later reads it then: the events made its entries stale.
    api.answer('outbox:list', () => ({ entries: [1, 2, 3, 4, 5].map((n) => outboxEntry(n)) }));
    const release = outbox.watch();
    await settle(() => expect(outbox.entries).toHaveLength(5));
    expect(api.count('outbox:list')).toBe(1);
    release();
    stop();
  });

  it('reads again on each change while watched, and not once the last watcher lets go', async () => {
    const { outbox, stop } = await started();
    const first = outbox.watch();
    const second = outbox.watch();
    api.clearCalls();
    api.answer('outbox:list', () => ({ entries: [] }));
    api.emit('outbox:changed', { pending: 0, refused: 0 });
    await settle(() => expect(outbox.entries).toEqual([]));
    expect(api.count('outbox:list')).toBe(1);

    // A screen that releases twice (an unmount after a stop) lets go once: the other still watches.
    first();
    first();
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await settle(() => expect(api.count('outbox:list')).toBe(2));

    second();
    api.clearCalls();
    api.emit('outbox:changed', { pending: 2, refused: 0 });
    expect(outbox.counts).toEqual({ pending: 2, refused: 0 });
    await afterBursts();
    expect(api.count('outbox:list')).toBe(0);
    stop();
  });

  it('reads when a refusal arrives and someone listens for refusals, telling only the new ones', async () => {
    const old = outboxEntry(2, { state: 'refused' });
    const { outbox, stop } = await started([outboxEntry(1), old]);
    const told: string[][] = [];
    const stopListening = outbox.onRefused((entries) => told.push(entries.map((entry) => entry.id)));
    api.clearCalls();

    // No new refusal: the counts only.
    api.emit('outbox:changed', { pending: 1, refused: 1 });
    await afterBursts();
    expect(api.count('outbox:list')).toBe(0);
    const fresh = outboxEntry(3, { state: 'refused', error: { code: 'API_REJECTED', message: 'No', fields: [] } });
    api.answer('outbox:list', () => ({ entries: [old, fresh] }));
    api.emit('outbox:changed', { pending: 2, refused: 2 });
    await settle(() => expect(told).toEqual([[entryId(3)]]));
    expect(api.count('outbox:list')).toBe(1);
    expect(outbox.refused.map((entry) => entry.id)).toEqual([entryId(2), entryId(3)]);

    // Nobody listening: a refusal is counted, not read.
    stopListening();
    api.emit('outbox:changed', { pending: 3, refused: 3 });
    expect(outbox.counts.refused).toBe(3);
    await afterBursts();
    expect(api.count('outbox:list')).toBe(1);
    stop();
  });

  it('tells a follower after each read, the first from a read begun when it follows', async () => {
    const { outbox, stop } = await started([]);
    api.answer('outbox:list', () => ({ entries: [outboxEntry(1)] }));
    const seen: number[] = [];
    const unfollow = outbox.follow((entries) => seen.push(entries.length));
    await settle(() => expect(seen).toEqual([1]));

    api.answer('outbox:list', () => ({ entries: [] }));
    api.emit('outbox:changed', { pending: 0, refused: 0 });
    await settle(() => expect(seen).toEqual([1, 0]));

    unfollow();
    const reads = api.count('outbox:list');
    api.emit('outbox:changed', { pending: 1, refused: 0 });
    await afterBursts();
    expect(seen).toEqual([1, 0]);
    expect(api.count('outbox:list')).toBe(reads);
    stop();
  });

  it('keeps the latest upload progress per entry', async () => {
    const upload = outboxEntry(3, { kind: 'attachments:upload', upload: { name: 'photo.jpg', sent: 0, total: 100 } });
    const { outbox, stop } = await started([upload]);
    expect(outbox.upload(upload)).toMatchObject({ sent: 0, total: 100 });
    api.emit('upload:progress', { entryId: upload.id, sent: 40, total: 100 });
    expect(outbox.upload(upload)).toEqual({ sent: 40, total: 100 });
    stop();
  });

  it('names what a discarded create takes along: the changes waiting on its temporary id', () => {
    const outbox = new OutboxStore();
    const create = outboxEntry(4, { kind: 'workorders:create', workOrderId: -3 });
    outbox.entries = [create, outboxEntry(5, { workOrderId: -3 }), outboxEntry(6)];
    expect(outbox.discardedWith(create).map((entry) => entry.id)).toEqual([entryId(5)]);
    expect(outbox.discardedWith(outboxEntry(6))).toEqual([]);
  });

  it('answers main’s problem with an edit, and nothing when it took it', async () => {
    const outbox = new OutboxStore();
    const refused = refusedUpdate({ title: 'x' }, []);
    api.refuse('outbox:edit', 'IPC_INVALID_INPUT', 'Invalid input');
    expect(await outbox.edit(refused, { id: 10009, changes: { title: 'y' } })).toBe('Invalid input');
    api.answer('outbox:edit', ({ input }) => ({ ...refused, state: 'waiting', input }));
    expect(await outbox.edit(refused, { id: 10009, changes: { title: 'y' } })).toBeUndefined();
    expect(api.inputsOf('outbox:edit')).toEqual([
      { entryId: refused.id, input: { id: 10009, changes: { title: 'y' } } },
      { entryId: refused.id, input: { id: 10009, changes: { title: 'y' } } },
    ]);
    expect(outbox.busy.size).toBe(0);
  });
});
