import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { phaseOf, uploads } from '../../src-renderer/state/uploads.svelte';

function entry(id: string, state: OutboxEntry['state'], extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return { id, kind: 'attachments:upload', summary: 'Upload', workOrderId: 5, state, attempts: 0, createdAt: 0, nextAttemptAt: null, notBefore: null, error: null, conflict: null, upload: { name: 'a', sent: 0, total: 10 }, input: {}, ...extra };
}

describe('uploads', () => {
  it('reads an outbox entry as a phase: gone is done, offline is waiting for the network, a refusal keeps its reason', () => {
    expect(phaseOf(undefined, false)).toEqual({ phase: 'done' });
    expect(phaseOf(entry('1', 'waiting'), false)).toEqual({ phase: 'queued' });
    expect(phaseOf(entry('1', 'waiting'), true)).toEqual({ phase: 'waiting' });
    expect(phaseOf(entry('1', 'retrying'), true)).toEqual({ phase: 'waiting' });
    expect(phaseOf(entry('1', 'sending'), false)).toEqual({ phase: 'sending' });
    const refused = entry('1', 'refused', { error: { code: 'ATTACHMENT_TOO_LARGE', message: 'Too large for the marketplace.', fields: [] } });
    expect(phaseOf(refused, false)).toEqual({ phase: 'refused', message: 'Too large for the marketplace.' });
  });

  it('reconciles rows with the outbox: a sent file is done at its full size, one still staging is left alone', () => {
    const sent = uploads.add({ workOrderId: 5, folderId: 1, name: 'a.txt', size: 10, phase: 'sending', sent: 4, total: 10, entryId: 'e-1' });
    const refused = uploads.add({ workOrderId: 5, folderId: 1, name: 'b.txt', size: 10, phase: 'queued', sent: 0, total: 10, entryId: 'e-2' });
    const staging = uploads.add({ workOrderId: 5, folderId: 1, name: 'c.txt', size: 10, phase: 'staging', sent: 3, total: 10 });
    const other = uploads.add({ workOrderId: 6, folderId: 1, name: 'd.txt', size: 10, phase: 'queued', sent: 0, total: 10, entryId: 'e-3' });
    uploads.reconcile([entry('e-2', 'refused', { error: { code: 'API_REJECTED', message: 'No.', fields: [] } }), entry('e-3', 'waiting')], true);
    const byId = (id: number) => uploads.rows.find((row) => row.id === id);
    expect(byId(sent.id)).toMatchObject({ phase: 'done', sent: 10 });
    expect(byId(refused.id)).toMatchObject({ phase: 'refused', message: 'No.', retryable: true });
    expect(byId(staging.id)).toMatchObject({ phase: 'staging', sent: 3 });
    expect(byId(other.id)).toMatchObject({ phase: 'waiting' });
    expect(uploads.forFolder(5, 1).map((row) => row.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    uploads.remove(sent.id);
    expect(uploads.forFolder(5, 1)).toHaveLength(2);
  });
});
