import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { channels, type WorkOrderDetail } from '../../../src-shared/ipc/channels';
import { attachmentFileHandlers } from '../../../src-main/ipc/handlers/attachment-file-handlers';
import { temporaryDir } from '../../support/temporary-dir';
import { outboxApp } from '../outbox/support';

/** An assigned order of the demo company with a file the app uploaded (so it has a link and a hash). */
async function orderWithFile(harness: Awaited<ReturnType<typeof outboxApp>>, name: string, bytes: Buffer) {
  const { call, upload, drained } = harness;
  const { results } = await call<{ results: { id: number }[] }>('workorders:list', { list: 'workorders_assigned', per_page: 1 });
  const workOrderId = results[0]?.id as number;
  const file = join(temporaryDir(), name);
  writeFileSync(file, bytes);
  await upload({ workOrderId, path: file });
  await drained();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const detail = await call<WorkOrderDetail>('workorders:detail', { id: workOrderId });
  const attachment = detail.attachments.find((candidate) => candidate.file?.hash === sha256);
  if (!attachment) throw new Error('the upload did not land');
  return { workOrderId, attachmentId: attachment.id };
}

describe('attachments:preview and attachments:bytes, against a real local marketplace', () => {
  it('fetches a file once into the data folder’s cache and answers how to preview it; offline it still answers', async () => {
    const harness = await outboxApp();
    const { call, invoke, dataDir, app } = harness;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>top.__pwned = 1</script></svg>');
    const ref = await orderWithFile(harness, 'plan.svg', svg);

    expect(await call('attachments:preview', ref)).toEqual({ name: 'plan.svg', mime: 'image/svg+xml', size: svg.length, kind: 'image' });
    expect(readdirSync(join(dataDir, 'attachment-cache'))).toHaveLength(1);
    const cached = await app.attachmentFiles.cached(ref);
    expect(cached?.info.kind).toBe('image');

    // The marketplace goes away: the file fetched before still answers, from disk.
    await (await harness.marketplace()).close();
    expect(await call('attachments:preview', ref)).toMatchObject({ kind: 'image' });
    // Browser mode (this app's host) reads bytes over HTTP, never over the JSON socket.
    expect(await invoke('attachments:bytes', ref)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
    expect(await invoke('attachments:save', ref)).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });

  it('says a file never opened cannot be fetched offline, and a file still waiting to upload is not there yet', async () => {
    const harness = await outboxApp();
    const { call, invoke, upload } = harness;
    const ref = await orderWithFile(harness, 'notes.txt', randomBytes(64));
    await call('connectivity:set-offline', { offline: true });
    const file = join(temporaryDir(), 'later.txt');
    writeFileSync(file, 'later');
    await upload({ workOrderId: ref.workOrderId, path: file });
    const waiting = (await call<WorkOrderDetail>('workorders:detail', { id: ref.workOrderId })).attachments.find((attachment) => attachment.id < 0);
    expect(await invoke('attachments:preview', { workOrderId: ref.workOrderId, attachmentId: waiting?.id })).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_NOT_UPLOADED' } });
    expect(await invoke('attachments:preview', { workOrderId: ref.workOrderId, attachmentId: 999_999 })).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_NOT_FOUND' } });

    await (await harness.marketplace()).close();
    expect(await invoke('attachments:preview', ref)).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_NOT_DOWNLOADED' } });
  });

  it('refuses a file larger than the preview cache before asking for a byte, keeping the cache within its bound (issue 22, item 4)', async () => {
    const harness = await outboxApp({ attachmentCacheBytes: 64 * 1024 });
    const small = await orderWithFile(harness, 'small.jpg', randomBytes(1024));
    const large = await orderWithFile(harness, 'large.jpg', randomBytes(100 * 1024));
    expect(await harness.call('attachments:preview', small)).toMatchObject({ kind: 'image' });
    expect(await harness.invoke('attachments:preview', large)).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_TOO_LARGE', message: expect.stringContaining('it was not downloaded') } });
    expect(readdirSync(join(harness.dataDir, 'attachment-cache'))).toHaveLength(1);
  });

  it('answers the bytes on the desktop, as the channel’s output allows', async () => {
    const harness = await outboxApp();
    const bytes = randomBytes(2048);
    const ref = await orderWithFile(harness, 'photo.jpg', bytes);
    const desktop = attachmentFileHandlers(harness.app.attachmentFiles, { host: 'electron' });
    const sender = { transport: 'electron', url: 'file:///' } as const;
    const read = async (offset: number, length: number) => Buffer.from(channels['attachments:bytes'].output.parse(await desktop['attachments:bytes']({ ...ref, offset, length }, sender)));
    expect(await read(0, 4096)).toEqual(bytes);
    // Part by part: main reads only the part asked for, and nothing past the end.
    expect(await read(0, 1000)).toEqual(bytes.subarray(0, 1000));
    expect(await read(1000, 1048)).toEqual(bytes.subarray(1000));
    expect(await read(2048, 100)).toEqual(Buffer.alloc(0));
    expect(channels['attachments:bytes'].input.safeParse({ ...ref, offset: 0, length: 64 * 1024 * 1024 }).success).toBe(false);
  });
});
