import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import type * as UploadService from '../../src-renderer/services/attachment-uploads';
import { phaseOf, uploads } from '../../src-renderer/state/uploads.svelte';
import { api, entryId, outboxEntry, receipt } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
// Browser mode's copy of the bytes to the app, held under way: a row stays `staging` as long as the test needs.
vi.mock('../../src-renderer/services/attachment-uploads', async (importOriginal) => ({
  ...(await importOriginal<typeof UploadService>()),
  stageFile: () => ({ done: new Promise(() => {}), abort: () => {} }),
}));

const upload = (n: number, state: OutboxEntry['state'], extra: Partial<OutboxEntry> = {}) =>
  outboxEntry(n, { kind: 'attachments:upload', workOrderId: 5, state, upload: { name: 'a', sent: 0, total: 10 }, ...extra });
const file = (name: string) => new File(['0123456789'], name);

describe('uploads', () => {
  it('reads an outbox entry as a phase: gone is done, offline is waiting for the network, a refusal keeps its reason', () => {
    expect(phaseOf(undefined, false)).toEqual({ phase: 'done' });
    expect(phaseOf(upload(1, 'waiting'), false)).toEqual({ phase: 'queued' });
    expect(phaseOf(upload(1, 'waiting'), true)).toEqual({ phase: 'waiting' });
    expect(phaseOf(upload(1, 'retrying'), true)).toEqual({ phase: 'waiting' });
    expect(phaseOf(upload(1, 'sending'), false)).toEqual({ phase: 'sending' });
    const refused = upload(1, 'refused', { error: { code: 'ATTACHMENT_TOO_LARGE', message: 'Too large for the marketplace.', fields: [] } });
    expect(phaseOf(refused, false)).toEqual({ phase: 'refused', message: 'Too large for the marketplace.' });
  });

  it('reconciles an order’s rows with its outbox entries: a sent file is done at its full size, one still staging and other orders’ are left alone', async () => {
    api.reset();
    // The desktop hands each file to main, which answers its outbox entry (1, 2, then 3).
    let next = 0;
    api.answer('attachments:upload-file', () => receipt((next += 1)));
    api.desktop = true;
    uploads.attach(5, 1, [file('a.txt'), file('b.txt')]);
    uploads.attach(6, 1, [file('d.txt')]);
    // A browser copies the bytes to the app first.
    api.desktop = false;
    uploads.attach(5, 1, [file('c.txt')]);
    const named = (name: string) => uploads.rows.find((row) => row.name === name);
    await vi.waitFor(() => expect(uploads.rows.filter((row) => row.entryId !== undefined)).toHaveLength(3));
    expect(api.inputsOf('attachments:upload-file')).toEqual([
      { workOrderId: 5, folderId: 1, path: '/fake-disk/a.txt' },
      { workOrderId: 5, folderId: 1, path: '/fake-disk/b.txt' },
      { workOrderId: 6, folderId: 1, path: '/fake-disk/d.txt' },
    ]);
    expect(named('a.txt')).toMatchObject({ phase: 'queued', entryId: entryId(1) });

    // Order 5's detail read its outbox: the first file has left it (sent), the second was refused.
    uploads.reconcile(5, [upload(2, 'refused', { error: { code: 'API_REJECTED', message: 'No.', fields: [] } })], true);
    expect(named('a.txt')).toMatchObject({ phase: 'done', sent: 10 });
    expect(named('b.txt')).toMatchObject({ phase: 'refused', message: 'No.', retryable: true });
    expect(named('c.txt')).toMatchObject({ phase: 'staging' });
    expect(named('d.txt')).toMatchObject({ phase: 'queued' });
    uploads.reconcile(6, [upload(3, 'waiting', { workOrderId: 6 })], true);
    expect(named('d.txt')).toMatchObject({ phase: 'waiting' });

    expect(uploads.forFolder(5, 1).map((row) => row.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    const sent = named('a.txt');
    if (sent) await uploads.dismiss(sent);
    expect(uploads.forFolder(5, 1).map((row) => row.name)).toEqual(['b.txt', 'c.txt']);
  });
});
