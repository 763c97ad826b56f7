import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import * as XLSX from '@e965/xlsx';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { DELIVERABLES_ZIP_PATH } from '../../../src-shared/ipc/deliverables';
import { ZIP_MAX_ENTRIES } from '../../../src-shared/domain/export-files';
import type { AttachmentRef } from '../../../src-shared/ipc/attachment-files';
import { AttachmentFiles, type AttachmentWorkspace, type UseWorkspace } from '../../../src-main/attachments/attachment-files';
import { FileContentCache } from '../../../src-main/attachments/file-content';
import { FolderZips, PUSHED_OUT_OF_CACHE, type FolderFiles } from '../../../src-main/exports/folder-zips';
import { saveGeneratedFile } from '../../../src-main/exports/save-generated';
import { exportHandlers } from '../../../src-main/ipc/handlers/export-handlers';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { temporaryDir } from '../../support/temporary-dir';
import { rendererDir, stubApp, watchedLogger } from '../web-host/support';

const hosts: WebHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

const DESKTOP = { transport: 'electron', url: 'test' } as const;

const entryNames = (zip: Buffer) =>
  (XLSX.CFB.read(zip, { type: 'buffer' }).FileIndex as { name: string; type: number }[])
    .filter((entry) => entry.type === 2 && !entry.name.startsWith('\u0001'))
    .map((entry) => entry.name);

/**
 * Order 7's Deliverables folder (3): two photos (one cached, one the marketplace cannot give now)
 * and a file still waiting in the outbox; a buyer's document in folder 1 is not part of it.
 */
function folderOfOrder7(content: Buffer | string = 'photo bytes') {
  const dir = temporaryDir();
  const cachedPath = join(dir, 'cached-11');
  writeFileSync(cachedPath, content);
  const workspace = {
    environment: 'local',
    workOrders: { get: (id: number) => (id === 7 ? { id } : undefined) },
    parts: {
      get: () => ({
        attachments: [
          { id: 10, folder_id: 1, file: { name: 'scope.pdf' } },
          { id: 11, folder_id: 3, file: { name: 'after.png' } },
          { id: 12, folder_id: 3, file: { name: 'before.png' } },
          { id: -4, folder_id: 3, file: { name: 'queued.png' } },
        ],
      }),
    },
  } as unknown as AttachmentWorkspace;
  const cached = new Set([11]);
  const prepared: number[] = [];
  const files: FolderFiles = {
    async prepare(ref: AttachmentRef) {
      prepared.push(ref.attachmentId);
      if (!cached.has(ref.attachmentId)) throw new AppError('ATTACHMENT_NOT_DOWNLOADED');
      return { path: cachedPath, info: { name: 'after.png', mime: 'image/png', size: 11, kind: 'image' } };
    },
    async cached(ref: AttachmentRef) {
      return cached.has(ref.attachmentId) ? { path: cachedPath, info: { name: 'after.png', mime: 'image/png', size: 11, kind: 'image' } } : undefined;
    },
  };
  const zips = new FolderZips(async (call) => call(workspace), files);
  return { zips, prepared, dir };
}

/**
 * Order 9's folder (3) of three 400-byte photos fetched into a real attachment cache that holds
 * 1,000 bytes: fetching the third pushes the first out.
 */
function folderInASmallCache() {
  const dir = temporaryDir();
  const cacheDir = join(dir, 'cache');
  const hash = (id: number) => String(id).repeat(64).slice(0, 64);
  const attachments = [21, 22, 23].map((id, index) => ({ id, folder_id: 3, file: { name: ['first.jpg', 'second.jpg', 'third.jpg'][index], link: `https://files.example/${id}`, size_bytes: 400, hash: hash(id) } }));
  const workspace = {
    environment: 'local',
    workOrders: { get: (id: number) => (id === 9 ? { id } : undefined) },
    parts: { get: () => ({ attachments }) },
    remote: async () => ({ client: { parts: { downloadAttachment: async (_link: string, destination: string) => writeFileSync(destination, randomBytes(400)) } } }),
  } as unknown as AttachmentWorkspace;
  const use = (async (call) => call(workspace)) as UseWorkspace;
  const zips = new FolderZips(use, new AttachmentFiles(use, new FileContentCache({ dir: cacheDir, maxBytes: 1_000 })));
  const cachedPath = (id: number) => join(cacheDir, `local-9-${id}-${hash(id).slice(0, 32)}`);
  return { zips, dir, cachedPath };
}

describe('saving a file the page made (desktop)', () => {
  it('writes the bytes where the fake dialog chose, offering the given name; nothing when it was closed', async () => {
    const dir = temporaryDir();
    const target = join(dir, 'list.csv');
    const offered: string[] = [];
    const handlers = exportHandlers(folderOfOrder7().zips, {
      chooseSavePath: async (name) => {
        offered.push(name);
        return offered.length === 1 ? target : undefined;
      },
    });
    expect(await handlers['files:save']({ name: 'work-orders-all-2026-11-27.csv', bytes: new TextEncoder().encode('ID\r\n1\r\n') }, DESKTOP)).toEqual({ saved: true });
    expect(readFileSync(target, 'utf8')).toBe('ID\r\n1\r\n');
    expect(offered).toEqual(['work-orders-all-2026-11-27.csv']);
    expect(await handlers['files:save']({ name: 'again.csv', bytes: new Uint8Array([1]) }, DESKTOP)).toEqual({ saved: false });
    // No half-written file left beside it.
    expect(readdirSync(dir)).toEqual(['list.csv']);
  });

  it('is refused in browser mode, which has no dialog: the page downloads instead', async () => {
    await expect(saveGeneratedFile({ name: 'a.csv', bytes: new Uint8Array([1]) }, undefined)).rejects.toMatchObject({ code: 'IPC_INVALID_INPUT' });
  });

  it('says a folder that cannot be written in clearly, and leaves nothing behind', async () => {
    const dir = temporaryDir();
    await expect(saveGeneratedFile({ name: 'a.csv', bytes: new Uint8Array([1]) }, async () => join(dir, 'gone', 'a.csv'))).rejects.toMatchObject({ code: 'SAVE_FAILED' });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a folder as a zip', () => {
  it('fetches what it can and names what it could not include, with why', async () => {
    const { zips, prepared } = folderOfOrder7();
    const zip = await zips.prepare({ workOrderId: 7, folderId: 3 });
    expect(zip.fileName).toBe('WO 7 Deliverables.zip');
    expect(zip.included).toEqual(['after.png']);
    expect(zip.missing).toEqual([{ name: 'before.png', reason: expect.stringContaining('cannot be reached') }]);
    // Not the buyer's document, not the file waiting in the outbox.
    expect(prepared).toEqual([11, 12]);
    await expect(zips.prepare({ workOrderId: 8, folderId: 3 })).rejects.toMatchObject({ code: 'WORK_ORDER_NOT_FOUND' });
    await expect(zips.prepare({ workOrderId: 7, folderId: 99 })).rejects.toMatchObject({ code: 'ATTACHMENT_NOT_FOUND' });
  });

  it('on the desktop, writes the zip where the dialog chose, whole, or nothing when it was closed', async () => {
    const { zips, dir } = folderOfOrder7();
    const target = join(dir, 'chosen.zip');
    const saved = await zips.save({ workOrderId: 7, folderId: 3 }, async (name) => (name === 'WO 7 Deliverables.zip' ? target : undefined));
    expect(saved).toMatchObject({ saved: true, included: ['after.png'], missing: [{ name: 'before.png' }] });
    expect(entryNames(readFileSync(target))).toEqual(['after.png']);
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(await zips.save({ workOrderId: 7, folderId: 3 }, async () => undefined)).toMatchObject({ saved: false });
    await expect(zips.save({ workOrderId: 7, folderId: 3 }, undefined)).rejects.toMatchObject({ code: 'IPC_INVALID_INPUT' });
  });

  it('on the desktop, says a folder that cannot be written clearly and leaves nothing behind', async () => {
    const { zips, dir } = folderOfOrder7(randomBytes(1024 * 1024));
    const before = readdirSync(dir);
    const error = await zips.save({ workOrderId: 7, folderId: 3 }, async () => join(dir, 'gone', 'chosen.zip')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'SAVE_FAILED', message: expect.stringContaining('choose another folder') });
    expect(readdirSync(dir)).toEqual(before);
  });

  it('in browser mode, stops reading the folder when the page cancels the download mid-zip', async () => {
    const { zips } = folderOfOrder7(randomBytes(8 * 1024 * 1024));
    const logger = watchedLogger();
    const host = await startWebHost({ app: { ...stubApp({}, logger), folderZips: zips }, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);
    const brokeOff = logger.next('web-host: a zip broke off');
    const answer = await request(`${host.origin}${DELIVERABLES_ZIP_PATH}?workOrderId=7&folderId=3`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(answer.statusCode).toBe(200);
    // The first bytes came; then the page goes away.
    for await (const chunk of answer.body) if ((chunk as Buffer).byteLength > 0) break;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('still writing after 5 s'), 5_000);
    });
    expect(await Promise.race([brokeOff.then(() => 'stopped'), deadline])).toBe('stopped');
    clearTimeout(timer);
  });

  it('says a file the folder’s later files pushed out of the cache is missing, with why, not included', async () => {
    const { zips } = folderInASmallCache();
    const zip = await zips.prepare({ workOrderId: 9, folderId: 3 });
    expect(zip.included).toEqual(['second.jpg', 'third.jpg']);
    expect(zip.missing).toEqual([{ name: 'first.jpg', reason: PUSHED_OUT_OF_CACHE }]);
  });

  it('on the desktop, says what the zip it wrote holds: a file gone from the cache before it was read is named missing', async () => {
    const { zips, dir, cachedPath } = folderInASmallCache();
    const target = join(dir, 'chosen.zip');
    const saved = await zips.save({ workOrderId: 9, folderId: 3 }, async () => {
      // The cache makes room while the dialog is open.
      rmSync(cachedPath(22));
      return target;
    });
    expect(entryNames(readFileSync(target))).toEqual(['third.jpg']);
    expect(saved).toEqual({
      saved: true,
      fileName: 'WO 9 Deliverables.zip',
      included: ['third.jpg'],
      missing: [
        { name: 'first.jpg', reason: PUSHED_OUT_OF_CACHE },
        { name: 'second.jpg', reason: PUSHED_OUT_OF_CACHE },
      ],
    });
  });

  it('in browser mode, streams from the web host to the page’s token only', async () => {
    const { zips } = folderOfOrder7();
    const host = await startWebHost({ app: { ...stubApp({}), folderZips: zips }, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);
    const get = (query: string, token: string | null = host.token) =>
      request(`${host.origin}${DELIVERABLES_ZIP_PATH}?${query}`, { headers: token === null ? {} : { authorization: `Bearer ${token}` } });

    const answer = await get('workOrderId=7&folderId=3');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''WO%207%20Deliverables.zip`);
    expect(entryNames(Buffer.from(await answer.body.arrayBuffer()))).toEqual(['after.png']);

    for (const token of [null, 'wrong']) {
      const refused = await get('workOrderId=7&folderId=3', token);
      expect(refused.statusCode).toBe(401);
      await refused.body.dump();
    }
    const bad = await get('workOrderId=7&folderId=x');
    expect(bad.statusCode).toBe(400);
    expect(await bad.body.json()).toMatchObject({ code: 'IPC_INVALID_INPUT' });
    const unknown = await get('workOrderId=8&folderId=3');
    expect(unknown.statusCode).toBe(404);
    expect(await unknown.body.json()).toMatchObject({ code: 'WORK_ORDER_NOT_FOUND' });
  });

  it('in browser mode, answers a folder of more files than a zip holds as a bad request, not as not found', async () => {
    const attachments = Array.from({ length: ZIP_MAX_ENTRIES + 1 }, (_, index) => ({ id: index + 1, folder_id: 3, file: { name: `${index}.jpg` } }));
    const workspace = { environment: 'local', workOrders: { get: () => ({ id: 7 }) }, parts: { get: () => ({ attachments }) } } as unknown as AttachmentWorkspace;
    const zips = new FolderZips(async (call) => call(workspace), { prepare: () => Promise.reject(new Error('not asked')), cached: async () => undefined });
    const host = await startWebHost({ app: { ...stubApp({}), folderZips: zips }, rendererDir: rendererDir(), port: 0 });
    hosts.push(host);
    const answer = await request(`${host.origin}${DELIVERABLES_ZIP_PATH}?workOrderId=7&folderId=3`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(answer.statusCode).toBe(400);
    expect(await answer.body.json()).toMatchObject({ code: 'IPC_INVALID_INPUT', message: expect.stringContaining(`more than ${ZIP_MAX_ENTRIES} files`) });
  });
});
