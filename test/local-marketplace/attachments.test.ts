import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AttachmentFolderListSchema,
  AttachmentFolderSchema,
  AttachmentUploadAnswerSchema,
  DEFAULT_ATTACHMENT_FOLDERS,
} from '../../src-shared/api/attachment';
import { WorkerAnswerSchema } from '../../src-shared/api/auto-dispatch';
import { REST_API_BASE_PATH } from '../../src-shared/api/common';
import { deliverablesFolderId } from '../../src-main/local-marketplace/domain/attachments';
import { storeAttachmentFromBuffer } from '../../src-main/local-marketplace/domain/attachments-changes';
import { attachmentFilesFolder } from '../../src-main/local-marketplace/domain/attachments-storage';
import { createOrder, giveToAnotherCompany, recordEvents } from './work-orders-fixtures';
import { testMarketplace, type TestMarketplace } from './support';

// Folders, upload, read, download and review of attachments (decisions §6), through inject().

const ORDER = 10001;
const PROVIDER = 3001;

/** A multipart body as a real client encodes it (undici's FormData), for inject(). */
async function formBody(fields: Record<string, string | { bytes: Buffer | string; name: string; type?: string }>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, new Blob([Buffer.from(value.bytes)], { type: value.type ?? '' }), value.name);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

async function folderIds(rest: TestMarketplace['rest'], workOrderId = ORDER): Promise<{ documents: number; deliverables: number }> {
  const answer = await rest('GET', `workorders/${workOrderId}/attachments`);
  expect(answer.status).toBe(200);
  const [documents, deliverables] = answer.body.results as { id: number }[];
  return { documents: documents?.id ?? 0, deliverables: deliverables?.id ?? 0 };
}

async function upload(rest: TestMarketplace['rest'], folderId: number, bytes: Buffer | string, fields: Record<string, string> = {}, query = '') {
  const { payload, headers } = await formBody({ file: { bytes, name: 'site-photo.jpg', type: 'image/jpeg' }, ...fields });
  return rest('POST', `workorders/${ORDER}/attachments/${folderId}${query}`, payload, headers);
}

/** Uploads a file and answers the attachment as its folder shows it. */
async function uploaded(rest: TestMarketplace['rest'], folderId: number, bytes: Buffer | string = 'bytes') {
  const answer = await upload(rest, folderId, bytes);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const folder = await rest('GET', `workorders/${ORDER}/attachments/${folderId}`);
  return folder.body.results.at(-1);
}

/** The download as raw bytes (the helper `rest` reads answers as text). */
async function download({ marketplace, token }: TestMarketplace, link: string) {
  return marketplace.app.inject({ method: 'GET', url: `${new URL(link).pathname}?access_token=${token}` });
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

describe('attachment folders', () => {
  it('every order has Documents and Deliverables, seeded and new alike', async () => {
    const { rest } = await testMarketplace();
    const created = await createOrder(rest, { title: 'Fresh order' });
    for (const id of [ORDER, created]) {
      const answer = await rest('GET', `workorders/${id}/attachments`);
      expect(answer.status).toBe(200);
      expect(AttachmentFolderListSchema.safeParse(answer.body).success).toBe(true);
      expect(answer.body.results.map(({ name, type, min_files }: Record<string, unknown>) => ({ name, type, min_files }))).toEqual(DEFAULT_ATTACHMENT_FOLDERS);
      expect(answer.body).toMatchObject({ actions: ['add_slot', 'download'], sum: { unreviewed: 0 }, metadata: { total: 2, page: 1, pages: 1, per_page: 2 } });
      expect(answer.body.correlation_id).toEqual(expect.any(String));
    }
  });

  it("answers one folder; 404 for another order's folder or an unknown order, 403 for another company's, 400 for a bad id", async () => {
    const { rest, marketplace } = await testMarketplace();
    const { documents } = await folderIds(rest);
    const folder = await rest('GET', `workorders/${ORDER}/attachments/${documents}`);
    expect(folder.status).toBe(200);
    expect(folder.body).toEqual({ id: documents, name: 'Documents', type: 'document', min_files: 0, actions: ['upload'], results: [] });

    const { documents: otherOrdersFolder } = await folderIds(rest, 10002);
    expect((await rest('GET', `workorders/${ORDER}/attachments/${otherOrdersFolder}`)).status).toBe(404);
    expect((await rest('GET', 'workorders/99999/attachments')).status).toBe(404);
    expect((await rest('GET', `workorders/${ORDER}/attachments/abc`)).status).toBe(400);
    giveToAnotherCompany(marketplace, ORDER);
    expect((await rest('GET', `workorders/${ORDER}/attachments`)).body).toMatchObject({ code: 403, trace: [], fields: '' });
    expect((await rest('GET', `workorders/${ORDER}/attachments/${documents}`)).status).toBe(403);
  });
});

describe('upload, read and download', () => {
  it('stores the file with its sha256, shows it in its folder, and downloads the same bytes', async () => {
    const test = await testMarketplace();
    const { rest } = test;
    const { documents } = await folderIds(rest);
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_value, index) => index % 251));
    const answer = await upload(rest, documents, bytes, { notes: 'Front of the store' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(AttachmentUploadAnswerSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body).toMatchObject({
      id: ORDER,
      attachments: { actions: ['add_slot', 'download'], sum: { unreviewed: 1 }, metadata: { total: 2, per_page: 2, pages: 1, page: 1 } },
    });
    expect(answer.body.attachments.correlation_id).toEqual(expect.any(String));

    const folder = await rest('GET', `workorders/${ORDER}/attachments/${documents}`);
    const [attachment] = folder.body.results;
    expect(attachment).toMatchObject({
      folder_id: documents,
      file: { name: 'site-photo.jpg', mime: 'image/jpeg', size_bytes: 5000, hash: sha256(bytes) },
      author: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
      created: { utc: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), local: { date: expect.any(String), time: expect.any(String) } },
      notes: 'Front of the store',
      status: 'pending',
      status_description: '',
      reviewed: null,
      reviewer: null,
      show_before_assignment: false,
      actions: ['view', 'approve', 'deny'],
    });

    const single = await rest('GET', `workorders/${ORDER}/attachments/${documents}/${attachment.id}`);
    expect(single.status).toBe(200);
    expect(AttachmentFolderSchema.safeParse(single.body).success).toBe(true);
    expect(single.body).toMatchObject({ id: documents, name: 'Documents', results: [attachment] });

    expect(new URL(attachment.file.link).origin).toBe(test.marketplace.context.origin);
    expect(new URL(attachment.file.link).pathname).toBe(`${REST_API_BASE_PATH}/workorders/${ORDER}/attachments/${documents}/${attachment.id}/download`);
    const bytesBack = await download(test, attachment.file.link);
    expect(bytesBack.statusCode).toBe(200);
    expect(bytesBack.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': '5000',
      'content-disposition': `attachment; filename="site-photo.jpg"; filename*=UTF-8''site-photo.jpg`,
      'x-content-type-options': 'nosniff',
    });
    expect(bytesBack.rawPayload.equals(bytes)).toBe(true);
    expect(sha256(bytesBack.rawPayload)).toBe(attachment.file.hash);
  });

  it('with async=true receives the file, answers a worker, and files it right after', async () => {
    const { rest, marketplace } = await testMarketplace();
    const { deliverables } = await folderIds(rest);
    const answer = await upload(rest, deliverables, 'report', { notes: 'Signed' }, '?async=true');
    expect(answer.status).toBe(200);
    expect(WorkerAnswerSchema.safeParse(answer.body).success).toBe(true);
    expect(answer.body.__worker).toMatchObject({ status: 'in_progress', payload: { body: { file: { name: 'site-photo.jpg', size_bytes: 6, hash: sha256('report') }, notes: 'Signed' } } });
    await marketplace.context.background.settled();
    const worker = marketplace.context.background.find(answer.body.__worker.id);
    expect(worker).toMatchObject({ status: 'done', response: { id: ORDER, attachments: { sum: { unreviewed: 1 } } } });
    const folder = await rest('GET', `workorders/${ORDER}/attachments/${deliverables}`);
    expect(folder.body.results).toHaveLength(1);
  });

  it("refuses an unknown folder (404) and another company's order (403) before reading the file", async () => {
    const { rest, marketplace } = await testMarketplace();
    const { documents } = await folderIds(rest);
    const { documents: otherOrdersFolder } = await folderIds(rest, 10002);
    expect((await upload(rest, otherOrdersFolder, 'x')).status).toBe(404);
    expect((await upload(rest, 2_000_000, 'x')).status).toBe(404);
    giveToAnotherCompany(marketplace, ORDER);
    expect((await upload(rest, documents, 'x')).body).toMatchObject({ code: 403 });
  });

  it("downloads: 404 for an unknown attachment or lost bytes, 403 for another company's, 401 without a token", async () => {
    const test = await testMarketplace();
    const { rest, marketplace } = test;
    const { documents } = await folderIds(rest);
    const attachment = await uploaded(rest, documents);
    const link = attachment.file.link as string;
    expect((await download(test, link.replace(/\/\d+\/download$/, '/999999/download'))).statusCode).toBe(404);
    expect((await marketplace.app.inject({ method: 'GET', url: new URL(link).pathname })).statusCode).toBe(401);

    const folder = attachmentFilesFolder(marketplace.context);
    for (const name of readdirSync(folder).filter((entry) => entry !== 'incoming')) rmSync(join(folder, name));
    const lost = await download(test, link);
    expect(lost.statusCode).toBe(404);
    expect(lost.json()).toMatchObject({ code: 404, message: expect.stringContaining(`attachment ${attachment.id}`) });

    giveToAnotherCompany(marketplace, ORDER);
    expect((await download(test, link)).statusCode).toBe(403);
    expect((await rest('GET', `workorders/${ORDER}/attachments/${documents}/${attachment.id}`)).status).toBe(403);
  });
});

describe('a provider upload (the simulation)', () => {
  it('stores bytes from memory in the Deliverables folder and emits workorder.provider_upload', async () => {
    const { rest, marketplace } = await testMarketplace();
    const events = recordEvents(marketplace);
    const folderId = deliverablesFolderId(marketplace.context, ORDER);
    expect(folderId).toBe((await folderIds(rest)).deliverables);
    const attachment = storeAttachmentFromBuffer(marketplace.context, {
      workOrderId: ORDER,
      folderId,
      name: 'C:\\photos\\after.png',
      mime: 'image/png',
      bytes: Buffer.from('png bytes'),
      authorId: PROVIDER,
      notes: 'Done',
    });
    expect(attachment).toMatchObject({ folder_id: folderId, file: { name: 'after.png', mime: 'image/png', size_bytes: 9, hash: sha256('png bytes') }, author: { id: PROVIDER }, notes: 'Done' });
    expect(events).toEqual([expect.objectContaining({ name: 'workorder.provider_upload', workOrderId: ORDER, triggeredByUserId: PROVIDER })]);

    // The buyer's own uploads are not provider uploads.
    await uploaded(rest, folderId);
    expect(events).toHaveLength(1);
  });

  it('refuses an unknown order, folder or author, and bytes over the limit', async () => {
    const { marketplace } = await testMarketplace();
    const folderId = deliverablesFolderId(marketplace.context, ORDER);
    const base = { workOrderId: ORDER, folderId, name: 'a.txt', mime: 'text/plain', bytes: Buffer.from('abc'), authorId: PROVIDER };
    expect(() => storeAttachmentFromBuffer(marketplace.context, { ...base, workOrderId: 99999 })).toThrow(/Work order 99999 not found/);
    expect(() => storeAttachmentFromBuffer(marketplace.context, { ...base, folderId: 999999 })).toThrow(/folder 999999/);
    expect(() => storeAttachmentFromBuffer(marketplace.context, { ...base, authorId: 424242 })).toThrow(/User 424242/);
    marketplace.context.options.attachmentMaxBytes = 2;
    expect(() => storeAttachmentFromBuffer(marketplace.context, base)).toThrow(/larger than the limit of 2 bytes/);
    expect(readdirSync(join(attachmentFilesFolder(marketplace.context), 'incoming'))).toEqual([]);
  });
});

describe('review', () => {
  it('approves with JSON and denies with a form body and a reason, stamping reviewer and time', async () => {
    const { rest } = await testMarketplace();
    const { deliverables } = await folderIds(rest);
    const attachment = await uploaded(rest, deliverables);
    const path = `workorders/${ORDER}/attachments/${deliverables}/${attachment.id}`;

    const approved = await rest('PUT', path, { attachment_id: attachment.id, status: 'approved' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(AttachmentFolderSchema.safeParse(approved.body).success).toBe(true);
    expect(approved.body).toMatchObject({ id: deliverables, name: 'Deliverables' });
    expect(approved.body.results).toEqual([
      expect.objectContaining({ id: attachment.id, status: 'approved', status_description: '', reviewed: { utc: expect.any(String), local: expect.any(Object) }, reviewer: expect.objectContaining({ id: attachment.author.id }), actions: ['view', 'deny'] }),
    ]);

    const denied = await rest('PUT', path, `attachment_id=${attachment.id}&status=denied&status_description=${encodeURIComponent('Blurry photo')}`);
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect(denied.body.results[0]).toMatchObject({ status: 'denied', status_description: 'Blurry photo', actions: ['view', 'approve'] });
    expect((await rest('GET', `workorders/${ORDER}/attachments`)).body.sum).toEqual({ unreviewed: 0 });
  });

  it('answers 400 for a denial without a reason, a bad status or a different attachment_id', async () => {
    const { rest } = await testMarketplace();
    const { deliverables } = await folderIds(rest);
    const attachment = await uploaded(rest, deliverables);
    const path = `workorders/${ORDER}/attachments/${deliverables}/${attachment.id}`;
    const noReason = await rest('PUT', path, { status: 'denied' });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ code: 400, fields: 'status_description' });
    expect((await rest('PUT', path, { status: 'denied', status_description: '   ' })).status).toBe(400);
    expect((await rest('PUT', path, { status: 'maybe' })).body).toMatchObject({ code: 400, fields: 'status' });
    expect((await rest('PUT', path, { attachment_id: attachment.id + 1, status: 'approved' })).body).toMatchObject({ code: 400, fields: 'attachment_id' });
    expect((await rest('PUT', path, { status: 'approved', colour: 'red' })).body).toMatchObject({ code: 400, fields: 'colour' });
  });

  it("answers 404 for an unknown attachment or folder, 403 for another company's, and works with async=true", async () => {
    const { rest, marketplace } = await testMarketplace();
    const { documents, deliverables } = await folderIds(rest);
    const attachment = await uploaded(rest, deliverables);
    expect((await rest('PUT', `workorders/${ORDER}/attachments/${deliverables}/999999`, { status: 'approved' })).status).toBe(404);
    expect((await rest('PUT', `workorders/${ORDER}/attachments/${documents}/${attachment.id}`, { status: 'approved' })).status).toBe(404);

    const later = await rest('PUT', `workorders/${ORDER}/attachments/${deliverables}/${attachment.id}?async=true`, { status: 'approved' });
    expect(WorkerAnswerSchema.safeParse(later.body).success).toBe(true);
    await marketplace.context.background.settled();
    expect(marketplace.context.background.find(later.body.__worker.id)).toMatchObject({ status: 'done', response: { results: [{ status: 'approved' }] } });

    giveToAnotherCompany(marketplace, ORDER);
    expect((await rest('PUT', `workorders/${ORDER}/attachments/${deliverables}/${attachment.id}`, { status: 'approved' })).status).toBe(403);
  });
});
