import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AttachmentFolderListSchema, AttachmentSchema } from '../../src-shared/api/attachment';
import { demoPhoto } from '../../src-main/local-marketplace/seed/photos';
import { assignedOrder, expectError, simulate, simulated } from './provider-fixtures';
import { testMarketplace } from './support';

const PNG_SIGNATURE = '89504e470d0a1a0a';

/** Downloads a file through its `file.link`, as a client would. */
async function download(market: Awaited<ReturnType<typeof testMarketplace>>, link: string) {
  const url = new URL(link);
  const answer = await market.marketplace.app.inject({ method: 'GET', url: `${url.pathname}?access_token=${encodeURIComponent(market.token)}` });
  return { status: answer.statusCode, bytes: answer.rawPayload, type: answer.headers['content-type'] };
}

describe('the simulation uploads binary deliverables (content_base64)', () => {
  it('stores the decoded bytes with their mime type, downloadable byte for byte', async () => {
    const market = await testMarketplace();
    const id = await assignedOrder(market.rest, 3004);
    const photo = demoPhoto(42);
    const file = AttachmentSchema.parse(
      await simulated(market.marketplace, 'upload', { work_order_id: id, provider_id: 3004, name: 'rack.png', mime: 'image/png', content_base64: photo.toString('base64') }),
    );
    expect(file.file).toMatchObject({ name: 'rack.png', mime: 'image/png', size_bytes: photo.length, hash: createHash('sha256').update(photo).digest('hex') });
    expect(file.status).toBe('pending');
    const fetched = await download(market, file.file?.link ?? '');
    expect(fetched.status).toBe(200);
    expect(Buffer.compare(fetched.bytes, photo)).toBe(0);
  });

  it('refuses text that is not base64, both kinds of content at once, and bytes without a mime type', async () => {
    const market = await testMarketplace();
    const id = await assignedOrder(market.rest, 3004);
    const step = { work_order_id: id, provider_id: 3004 };
    expectError(await simulate(market.marketplace, 'upload', { ...step, mime: 'image/png', content_base64: 'not base64!' }), 400, /content_base64/);
    expectError(await simulate(market.marketplace, 'upload', { ...step, mime: 'image/png', content_base64: 'QUJD=' }), 400, /content_base64/);
    expectError(await simulate(market.marketplace, 'upload', { ...step, mime: 'text/plain', content: 'a', content_base64: 'QUJD' }), 400, /content_base64/);
    expectError(await simulate(market.marketplace, 'upload', { ...step, content_base64: 'QUJD' }), 400, /mime/);
    // Text content keeps its default type.
    const text = await simulated(market.marketplace, 'upload', { ...step, content: 'report' });
    expect(text.file).toMatchObject({ mime: 'text/plain', size_bytes: 6 });
  });

  it('answers 413 for bytes beyond the upload limit, and takes a body larger than the JSON limit', async () => {
    const market = await testMarketplace({ attachmentMaxBytes: 2 * 1024 * 1024, bodyLimitBytes: 64 * 1024 });
    const id = await assignedOrder(market.rest, 3004);
    const step = { work_order_id: id, provider_id: 3004, mime: 'application/octet-stream' };
    // 1.5 MiB of bytes is 2 MiB of base64: well past the JSON body limit, within the upload limit.
    const fits = await simulate(market.marketplace, 'upload', { ...step, content_base64: Buffer.alloc(1.5 * 1024 * 1024, 7).toString('base64') });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expectError(await simulate(market.marketplace, 'upload', { ...step, content_base64: Buffer.alloc(2 * 1024 * 1024 + 1).toString('base64') }), 413, /.+/);
  });
});

describe('the demo seed', () => {
  it('has Work Done orders with photo deliverables waiting for review, in Deliverables folders asking for three files', async () => {
    const market = await testMarketplace();
    const waiting: { order: number; names: string[] }[] = [];
    for (const order of [10027, 10028, 10029, 10030]) {
      const answer = await market.rest('GET', `workorders/${order}/attachments`);
      const folders = AttachmentFolderListSchema.parse(answer.body).results;
      const deliverables = folders.find((folder) => folder.type === 'slot');
      expect(deliverables?.min_files).toBe(3);
      const files = deliverables?.results ?? [];
      expect(files.length).toBeGreaterThanOrEqual(1);
      expect(files.length).toBeLessThanOrEqual(3);
      for (const file of files) {
        expect(file.file?.mime).toBe('image/png');
        const fetched = await download(market, file.file?.link ?? '');
        expect(fetched.bytes.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
        expect(fetched.bytes.length).toBeGreaterThan(500);
      }
      waiting.push({ order, names: files.filter((file) => file.status === 'pending').map((file) => file.file?.name ?? '') });
    }
    expect(waiting.flatMap((entry) => entry.names)).toHaveLength(7);
    // Different pictures, not one copied.
    const hashes = new Set<string>();
    for (const order of [10027, 10028, 10029, 10030]) {
      const folders = AttachmentFolderListSchema.parse((await market.rest('GET', `workorders/${order}/attachments`)).body).results;
      for (const folder of folders) for (const file of folder.results ?? []) hashes.add(file.file?.hash ?? '');
    }
    expect(hashes.size).toBe(8);
  });
});
