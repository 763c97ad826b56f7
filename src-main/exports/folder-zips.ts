import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Attachment } from '../../src-shared/api/attachment';
import { ZIP_MAX_ENTRIES, folderZipName } from '../../src-shared/domain/export-files';
import { attachmentName } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import type { FolderRef, FolderZip } from '../../src-shared/ipc/deliverables';
import type { AttachmentFiles, UseWorkspace } from '../attachments/attachment-files';
import type { ChooseSavePath } from '../attachments/save-dialog';
import { desktopDialog, saveToChosenPath } from './save-to-chosen-path';
import { storedZip, uniqueNames, type ZipSource } from './zip-writer';

/** What a zip of a folder needs of the attachment files: fetch-or-cache, and cache only. */
export type FolderFiles = Pick<AttachmentFiles, 'prepare' | 'cached'>;

/** Why a file fetched for the zip is not in it: the cache is bounded, and the folder's later files pushed it out. */
export const PUSHED_OUT_OF_CACHE = 'The folder’s other files took the room Field Desk keeps for downloaded files, and this one was dropped; zip it again or save it on its own.';

/** A folder's files as the zip will hold them: the cached ones, and the others named with why. */
interface Gathered {
  fileName: string;
  sources: ZipSource[];
  missing: FolderZip['missing'];
}

/**
 * One order's folder of files as a zip (`src-shared/ipc/deliverables.ts`). `prepare` fetches what
 * the cache lacks and says what could not be had; writing reads the cache only, so the network is
 * never asked while a download streams. What a zip is said to hold is what is in the cache once
 * every file was fetched (the cache is bounded: a large folder's first files may be pushed out by
 * its last), and for a desktop save, what was written.
 */
export class FolderZips {
  constructor(
    private readonly use: UseWorkspace,
    private readonly files: FolderFiles,
  ) {}

  /** Fetches the folder's files the cache lacks, one after another; a file that cannot be had is named with why. */
  async prepare(ref: FolderRef): Promise<FolderZip> {
    const { fileName, sources, missing } = await this.#gather(ref);
    return { fileName, included: uniqueNames(sources.map((source) => source.name)), missing };
  }

  /** The folder's cached files as the zip's entries (no network), in the folder's order: the web host's answer. */
  async sources(ref: FolderRef): Promise<{ fileName: string; sources: ZipSource[] }> {
    const attachments = await this.#folder(ref);
    const { sources } = await this.#cachedOf(ref, attachments);
    if (sources.length === 0) throw new AppError('ATTACHMENT_NOT_DOWNLOADED', 'None of that folder’s files is on this computer yet; they are zipped once the marketplace can be reached.');
    return { fileName: folderZipName(ref.workOrderId), sources };
  }

  /** Desktop: prepares, asks where with the native dialog, writes the zip there (whole, or not at all) and says what it holds. */
  async save(ref: FolderRef, choose: ChooseSavePath | undefined): Promise<FolderZip & { saved: boolean }> {
    const dialog = desktopDialog(choose, 'the zip');
    const { fileName, sources, missing } = await this.#gather(ref);
    const prepared = { fileName, included: uniqueNames(sources.map((source) => source.name)), missing };
    if (sources.length === 0) return { ...prepared, saved: false };
    const written: string[] = [];
    const gone: FolderZip['missing'] = [];
    const report = { written: (name: string) => written.push(name), gone: (source: ZipSource) => gone.push({ name: source.name, reason: PUSHED_OUT_OF_CACHE }) };
    const { saved } = await saveToChosenPath(dialog, fileName, (partial) => pipeline(storedZip(sources, { report }), createWriteStream(partial)));
    return saved ? { fileName, included: written, missing: [...missing, ...gone], saved } : { ...prepared, saved };
  }

  /** Fetches each file the cache lacks, then reads what the cache holds of them all. */
  async #gather(ref: FolderRef): Promise<Gathered> {
    const attachments = await this.#folder(ref);
    if (attachments.length === 0) throw new AppError('ATTACHMENT_NOT_FOUND', 'That folder has no uploaded files to zip.');
    const failed = new Map<number, string>();
    for (const attachment of attachments) {
      try {
        await this.files.prepare({ workOrderId: ref.workOrderId, attachmentId: attachment.id });
      } catch (error) {
        failed.set(attachment.id, error instanceof AppError ? error.message : 'It could not be read.');
      }
    }
    const { sources, absent } = await this.#cachedOf(
      ref,
      attachments.filter((attachment) => !failed.has(attachment.id)),
    );
    for (const attachment of absent) failed.set(attachment.id, PUSHED_OUT_OF_CACHE);
    const missing = attachments.filter((attachment) => failed.has(attachment.id)).map((attachment) => ({ name: attachmentName(attachment), reason: failed.get(attachment.id) ?? '' }));
    return { fileName: folderZipName(ref.workOrderId), sources, missing };
  }

  /** Of these attachments, the cached ones as zip entries and the others (no network). */
  async #cachedOf(ref: FolderRef, attachments: readonly Attachment[]): Promise<{ sources: ZipSource[]; absent: Attachment[] }> {
    const sources: ZipSource[] = [];
    const absent: Attachment[] = [];
    for (const attachment of attachments) {
      const cached = await this.files.cached({ workOrderId: ref.workOrderId, attachmentId: attachment.id }).catch(() => undefined);
      if (cached) sources.push({ name: cached.info.name, path: cached.path });
      else absent.push(attachment);
    }
    return { sources, absent };
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
