import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src-shared/errors';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';

// The renderer's one door to main, faked: the outbox as the test sets it, events fired by hand.
const fake = vi.hoisted(() => ({
  entries: [] as unknown[],
  listeners: {} as Record<string, ((payload: unknown) => void)[]>,
  calls: [] as [string, unknown][],
  refuseEdit: undefined as string | undefined,
}));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    if (channel === 'outbox:list') return { entries: fake.entries };
    if (channel === 'outbox:edit' && fake.refuseEdit) throw new AppError('IPC_INVALID_INPUT', fake.refuseEdit);
    return {};
  },
  on: (event: string, listener: (payload: unknown) => void) => {
    (fake.listeners[event] ??= []).push(listener);
    return () => fake.listeners[event]?.splice(fake.listeners[event].indexOf(listener), 1);
  },
}));

const { OutboxState } = await import('../../src-renderer/state/outbox.svelte');

const ENTRY_ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
function entry(n: number, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    id: ENTRY_ID(n),
    kind: 'workorders:publish',
    summary: `Change ${n}`,
    workOrderId: 10000 + n,
    state: 'waiting',
    attempts: 0,
    createdAt: 0,
    nextAttemptAt: null,
    notBefore: null,
    error: null,
    conflict: null,
    upload: null,
    input: { id: 10000 + n },
    ...patch,
  };
}
const refusedUpdate = (changes: Record<string, unknown>, fields: string[]) =>
  entry(9, { kind: 'workorders:update', state: 'refused', input: { id: 10009, changes }, error: { code: 'API_REJECTED', message: 'No such client', fields } });

async function settle(check: () => void) {
  await vi.waitFor(() => {
    flushSync();
    check();
  });
}

describe('OutboxState', () => {
  beforeEach(() => {
    fake.entries = [];
    fake.listeners = {};
    fake.calls = [];
    fake.refuseEdit = undefined;
  });

  it('subscribes only when started, reads the list again on outbox:changed, and stops following', async () => {
    const outbox = new OutboxState();
    expect(fake.listeners['outbox:changed'] ?? []).toHaveLength(0);
    fake.entries = [entry(1), entry(2, { state: 'refused' })];
    const stop = outbox.start();
    await settle(() => expect(outbox.loaded).toBe(true));
    expect(outbox.refused.map((e) => e.id)).toEqual([ENTRY_ID(2)]);
    expect(outbox.queue.map((e) => e.id)).toEqual([ENTRY_ID(1)]);

    fake.entries = [];
    fake.listeners['outbox:changed']?.forEach((listener) => listener({ pending: 0, refused: 0 }));
    await settle(() => expect(outbox.entries).toEqual([]));
    stop();
    expect(fake.listeners['outbox:changed']).toHaveLength(0);
    expect(fake.listeners['upload:progress']).toHaveLength(0);
  });

  it('keeps the latest upload progress per entry', async () => {
    const outbox = new OutboxState();
    const upload = entry(3, { kind: 'attachments:upload', upload: { name: 'photo.jpg', sent: 0, total: 100 } });
    fake.entries = [upload];
    const stop = outbox.start();
    await settle(() => expect(outbox.loaded).toBe(true));
    expect(outbox.upload(upload)).toMatchObject({ sent: 0, total: 100 });
    fake.listeners['upload:progress']?.forEach((listener) => listener({ entryId: upload.id, sent: 40, total: 100 }));
    expect(outbox.upload(upload)).toEqual({ sent: 40, total: 100 });
    stop();
  });

  it('names what a discarded create takes along: the changes waiting on its temporary id', () => {
    const outbox = new OutboxState();
    const create = entry(4, { kind: 'workorders:create', workOrderId: -3 });
    outbox.entries = [create, entry(5, { workOrderId: -3 }), entry(6)];
    expect(outbox.discardedWith(create).map((e) => e.id)).toEqual([ENTRY_ID(5)]);
    expect(outbox.discardedWith(entry(6))).toEqual([]);
  });

  it('answers main’s problem with an edit, and nothing when it took it', async () => {
    const outbox = new OutboxState();
    const refused = refusedUpdate({ title: 'x' }, []);
    fake.refuseEdit = 'Invalid input';
    expect(await outbox.edit(refused, { id: 10009, changes: { title: 'y' } })).toBe('Invalid input');
    fake.refuseEdit = undefined;
    expect(await outbox.edit(refused, { id: 10009, changes: { title: 'y' } })).toBeUndefined();
    expect(fake.calls.filter(([channel]) => channel === 'outbox:edit')).toHaveLength(2);
    expect(outbox.busy.size).toBe(0);
  });
});
