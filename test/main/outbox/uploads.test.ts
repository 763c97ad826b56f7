import { createHash, randomBytes } from 'node:crypto';
import { rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../../src-shared/domain/attachments';
import type { WorkOrderDetail } from '../../../src-shared/ipc/channels';
import { temporaryDir } from '../../support/temporary-dir';
import { outboxApp } from './support';

describe('uploads through the outbox', () => {
  it('stages the file when queued (the original may go), streams it with progress, and shows it in the order once landed', async () => {
    const { call, upload, app, drained } = await outboxApp();
    const progress: { sent: number; total: number }[] = [];
    app.events.subscribe((event, payload) => {
      if (event === 'upload:progress') progress.push(payload as { sent: number; total: number });
    });
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const id = results[0]?.id as number;
    const file = join(temporaryDir(), 'site-photo.jpg');
    const bytes = randomBytes(3 * 1024 * 1024);
    writeFileSync(file, bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    const reasons = async () => (await call<{ attention: Record<string, string[]> }>('workorders:list', { workOrderId: id })).attention[String(id)] ?? [];
    const reasonsBefore = await reasons();
    await call('connectivity:set-offline', { offline: true });
    await upload({ workOrderId: id, path: file, notes: 'Before the install' });
    rmSync(file);
    // Our own file on its way up is not a provider's deliverable waiting for review.
    expect(reasonsBefore).not.toContain('deliverables');
    expect(await reasons()).toEqual(reasonsBefore);
    // Shown at once, as waiting.
    const waiting = await call<WorkOrderDetail>('workorders:detail', { id });
    expect(waiting.attachments.find((attachment) => attachment.file?.hash === sha256)).toMatchObject({ status: 'pending', file: { name: 'site-photo.jpg', size_bytes: bytes.length } });
    const [entry] = (await call<{ entries: { upload: unknown; state: string }[] }>('outbox:list')).entries;
    expect(entry).toMatchObject({ state: 'waiting', upload: { name: 'site-photo.jpg', sent: 0, total: bytes.length } });

    await call('connectivity:set-offline', { offline: false });
    await drained();
    expect(progress.at(-1)).toEqual(expect.objectContaining({ sent: bytes.length, total: bytes.length }));
    const landed = await call<WorkOrderDetail>('workorders:detail', { id });
    const stored = landed.attachments.filter((attachment) => attachment.file?.hash === sha256);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBeGreaterThan(0);
    expect(stored[0]?.notes).toBe('Before the install');
  });

  it('refuses a file over the size limit at once, before any byte is copied or sent', async () => {
    const { uploadFile, entries } = await outboxApp({ signIn: false });
    const file = join(temporaryDir(), 'huge.mov');
    writeFileSync(file, '');
    truncateSync(file, ATTACHMENT_MAX_BYTES + 1);
    expect(await uploadFile({ workOrderId: 5, path: file })).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_TOO_LARGE' } });
    expect(await uploadFile({ workOrderId: 5, path: join(temporaryDir(), 'missing.pdf') })).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_UNREADABLE' } });
    expect(await entries()).toEqual([]);
  });

  it('cancels an upload on the wire when the coordinator discards it: nothing lands, nothing is left queued', async () => {
    const { call, upload, app, entries } = await outboxApp();
    const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
    const id = results[0]?.id as number;
    const file = join(temporaryDir(), 'walkthrough.mp4');
    writeFileSync(file, '');
    truncateSync(file, 90 * 1024 * 1024);
    let onWire: (entryId: string) => void = () => {};
    const started = new Promise<string>((resolve) => {
      onWire = resolve;
    });
    app.events.subscribe((event, payload) => {
      const progress = payload as { entryId: string; sent: number; total: number };
      if (event === 'upload:progress' && progress.sent > 0 && progress.sent < progress.total) onWire(progress.entryId);
    });
    await upload({ workOrderId: id, path: file });
    const entryId = await started;
    expect(await call('outbox:discard', { entryId })).toEqual({ discarded: [entryId] });
    expect(await entries()).toEqual([]);
    const detail = await call<WorkOrderDetail>('workorders:detail', { id });
    expect(detail.attachments.filter((attachment) => attachment.file?.name === 'walkthrough.mp4')).toEqual([]);
  });
});
