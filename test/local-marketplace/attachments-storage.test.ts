import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { deliverablesFolderId } from '../../src-main/local-marketplace/domain/attachments';
import { storeAttachmentFromBuffer } from '../../src-main/local-marketplace/domain/attachments-changes';
import { attachmentFilesFolder, removeAllAttachmentFiles, stageStream } from '../../src-main/local-marketplace/domain/attachments-storage';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { seededFileNames, testMarketplace } from './support';

// Where the bytes of attachments live, and that a failed write leaves nothing behind.

const ORDER = 10001;
const PROVIDER = 3001;

function store(marketplace: Marketplace, text: string) {
  return storeAttachmentFromBuffer(marketplace.context, {
    workOrderId: ORDER,
    folderId: deliverablesFolderId(marketplace.context, ORDER),
    name: 'report.txt',
    mime: 'text/plain',
    bytes: Buffer.from(text),
    authorId: PROVIDER,
  });
}

describe('the files folder', () => {
  it('is <db>.files beside a database file, and the files survive a restart', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'attachments-test-'));
    try {
      const db = join(directory, 'market.db');
      const first = await testMarketplace({ db });
      const attachment = store(first.marketplace, 'kept');
      expect(attachmentFilesFolder(first.marketplace.context)).toBe(`${db}.files`);
      const seeded = new Set(seededFileNames(first.marketplace));
      await first.marketplace.close();
      expect(readdirSync(`${db}.files`).filter((name) => !seeded.has(name)).sort()).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), 'incoming']);

      const second = await testMarketplace({ db });
      const download = await second.marketplace.app.inject({ method: 'GET', url: `${new URL(attachment.file?.link ?? '').pathname}?access_token=${second.token}` });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('kept');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('is a temporary folder for :memory:, removed with the server; a reset can empty it', async () => {
    const { marketplace } = await testMarketplace();
    const folder = attachmentFilesFolder(marketplace.context);
    store(marketplace, 'one');
    removeAllAttachmentFiles(marketplace.context);
    expect(readdirSync(folder)).toEqual(['incoming']);
    store(marketplace, 'two');
    await marketplace.close();
    expect(existsSync(folder)).toBe(false);
  });

  it('keeps nothing of a stream that fails halfway', async () => {
    const { marketplace } = await testMarketplace();
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 1);
      throw new Error('the sender went away');
    }
    await expect(stageStream(marketplace.context, Readable.from(failing()), 1024 * 1024)).rejects.toThrow('the sender went away');
    expect(readdirSync(join(attachmentFilesFolder(marketplace.context), 'incoming'))).toEqual([]);
  });
});
