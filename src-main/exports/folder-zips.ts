import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Attachment } from '../../src-shared/api/attachment';
import { ZIP_MAX_ENTRIES, folderZipName } from '../../src-shared/domain/export-files';
import { attachmentName } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import type { FolderRef, FolderZip } from '../../src-shared/ipc/deliverables';
import type { AttachmentFiles, ChooseSavePath, UseWorkspace } from '../attachments/attachment-files';
import { desktopDialog, saveToChosenPath } from './save-to-chosen-path';
import { storedZip, uniqueNames, type ZipSource } from './zip-writer';

/** What a zip of a folder needs of the attachment files: fetch-or-cache, and cache only. */
export type FolderFiles = Pick<AttachmentFiles, 'prepare' | 'cached'>;

/**
 * One order's folder of files as a zip (`src-shared/ipc/deliverables.ts`). `prepare` fetches what
 * the cache lacks and says what could not be had; writing reads the cache only, so the zip holds
 * exactly what `prepare` said and the network is never asked while a download streams.
 */
export class FolderZips {
  constructor(
    private readonly use: UseWorkspace,
    private readonly files: FolderFiles,
  ) {}

  /** Fetches the folder's files the cache lacks, one after another; a file that cannot be had is named with why. */
  async prepare(ref: FolderRef): Promise<FolderZip> {
    const attachments = await this.#folder(ref);
    const included: string[] = [];
    const missing: FolderZip['missing'] = [];
    for (const attachment of attachments) {
      const name = attachmentName(attachment);
      try {
        await this.files.prepare({ workOrderId: ref.workOrderId, attachmentId: attachment.id });
        included.push(name);
      } catch (error) {
        missing.push({ name, reason: error instanceof AppError ? error.message : 'It could not be read.' });
      }
    }
    if (included.length === 0 && missing.length === 0) throw new AppError('ATTACHMENT_NOT_FOUND', 'That folder has no uploaded files to zip.');
    return { fileName: folderZipName(ref.workOrderId, undefined), included: uniqueNames(included), missing };
  }

  /** The folder's cached files as the zip's entries (no network), in the folder's order. */
  async sources(ref: FolderRef): Promise<{ fileName: string; sources: ZipSource[] }> {
    const attachments = await this.#folder(ref);
    const found: ZipSource[] = [];
    for (const attachment of attachments) {
      const cached = await this.files.cached({ workOrderId: ref.workOrderId, attachmentId: attachment.id }).catch(() => undefined);
      if (cached) found.push({ name: cached.info.name, path: cached.path });
    }
    if (found.length === 0) throw new AppError('ATTACHMENT_NOT_DOWNLOADED', 'None of that folder’s files is on this computer yet; they are zipped once the marketplace can be reached.');
    return { fileName: folderZipName(ref.workOrderId, undefined), sources: found };
  }

  /** Desktop: prepares, asks where with the native dialog, writes the zip there (whole, or not at all). */
  async save(ref: FolderRef, choose: ChooseSavePath | undefined): Promise<FolderZip & { saved: boolean }> {
    const dialog = desktopDialog(choose, 'the zip');
    const prepared = await this.prepare(ref);
    if (prepared.included.length === 0) return { ...prepared, saved: false };
    const { sources } = await this.sources(ref);
    const { saved } = await saveToChosenPath(dialog, prepared.fileName, (partial) => pipeline(storedZip(sources), createWriteStream(partial)));
    return { ...prepared, saved };
  }

  /** The folder's uploaded files (a file still waiting in the outbox has no bytes to zip yet). */
  #folder(ref: FolderRef): Promise<Attachment[]> {
    return this.use((workspace) => {
      if (!workspace.workOrders.get(ref.workOrderId)) throw new AppError('WORK_ORDER_NOT_FOUND');
      const attachments = workspace.parts.get(ref.workOrderId).attachments.filter((attachment) => attachment.folder_id === ref.folderId && attachment.id > 0);
      if (attachments.length > ZIP_MAX_ENTRIES) throw new AppError('IPC_INVALID_INPUT', `That folder has more than ${ZIP_MAX_ENTRIES} files, more than one zip holds.`);
      return attachments;
    });
  }
}
