import type { ChooseSavePath } from './save-dialog';
import { copyFile, open } from 'node:fs/promises';
import type { Attachment } from '../../src-shared/api/attachment';
import { previewKindOf } from '../../src-shared/domain/attachment-preview';
import { ATTACHMENT_DOWNLOAD_MAX_BYTES, attachmentName, mimeTypeOf } from '../../src-shared/domain/attachments';
import { AppError, type ErrorCode } from '../../src-shared/errors';
import type { AttachmentChunkRef, AttachmentPreviewInfo, AttachmentRef } from '../../src-shared/ipc/attachment-files';
import type { WorkOrderPartsApi } from '../api-client/work-order-parts-api';
import type { WorkOrderPartsRepository } from '../db/work-order-parts-repository';
import type { WorkOrderRepository } from '../db/work-order-repository';
import { desktopDialog, saveToChosenPath } from '../exports/save-to-chosen-path';
import type { FileContentCache } from './file-content';

/** What reading attachments uses of the active environment's workspace. */
export interface AttachmentWorkspace {
  environment: string;
  workOrders: Pick<WorkOrderRepository, 'get'>;
  parts: Pick<WorkOrderPartsRepository, 'get'>;
  remote(): Promise<{ client: { parts: Pick<WorkOrderPartsApi, 'downloadAttachment'> } }>;
}

/** Runs a call on the active environment's workspace (`AppServices.use`). */
export type UseWorkspace = <T>(call: (workspace: AttachmentWorkspace) => T | Promise<T>) => Promise<T>;


export interface CachedAttachment {
  info: AttachmentPreviewInfo;
  path: string;
}

/** Failures that mean "the marketplace cannot be asked now", not "it said no". */
const UNREACHABLE: ReadonlySet<ErrorCode> = new Set(['API_UNREACHABLE', 'API_TIMEOUT', 'AUTH_SIGNED_OUT', 'AUTH_CREDENTIALS_REQUIRED', 'API_SERVER_ERROR', 'API_RATE_LIMITED', 'WORKING_OFFLINE']);

/**
 * An attachment's bytes for previews and downloads: the cache first, else the marketplace (its
 * `file.link`, through the API client's token rules). The cache key holds the environment, the ids
 * and the file's hash, so another environment or a replaced file never answers stale bytes.
 */
export class AttachmentFiles {
  private readonly maxBytes: number;

  constructor(
    private readonly use: UseWorkspace,
    private readonly cache: FileContentCache,
    /** The most one download may bring (tests make it small); the cache's own bound caps it too. */
    { maxBytes = ATTACHMENT_DOWNLOAD_MAX_BYTES }: { maxBytes?: number } = {},
  ) {
    this.maxBytes = maxBytes;
  }

  /**
   * Fetches the bytes when the cache lacks them, streamed to disk and stopped past the download
   * limit; offline, only a file fetched before answers. A file the marketplace says is too large is
   * refused before a byte is asked for.
   */
  async prepare(ref: AttachmentRef): Promise<CachedAttachment> {
    return this.use(async (workspace) => {
      const attachment = findAttachment(workspace, ref);
      const link = attachment.file?.link;
      const path = await this.cache.getOrFetch(cacheKey(workspace.environment, ref, attachment), async (destination, cacheBytes) => {
        const maxBytes = Math.min(this.maxBytes, cacheBytes);
        if ((attachment.file?.size_bytes ?? 0) > maxBytes) {
          throw new AppError('ATTACHMENT_TOO_LARGE', `That file is larger than the ${Math.floor(maxBytes / (1024 * 1024))} MiB Field Desk downloads for previews; it was not downloaded.`);
        }
        if (!link) throw new AppError('ATTACHMENT_NOT_DOWNLOADED', 'The marketplace gave no link for that file.');
        try {
          const { client } = await workspace.remote();
          await client.parts.downloadAttachment(link, destination, { maxBytes });
        } catch (error) {
          if (error instanceof AppError && UNREACHABLE.has(error.code)) throw new AppError('ATTACHMENT_NOT_DOWNLOADED');
          throw error;
        }
      });
      return { info: infoOf(attachment), path };
    });
  }

  /** The cached bytes, without asking the network (the web host's GET); undefined when not cached. */
  async cached(ref: AttachmentRef): Promise<CachedAttachment | undefined> {
    return this.use(async (workspace) => {
      const attachment = findAttachment(workspace, ref);
      const path = await this.cache.get(cacheKey(workspace.environment, ref, attachment));
      return path ? { info: infoOf(attachment), path } : undefined;
    });
  }

  /**
   * Desktop previews: a part of the cached bytes over Electron's IPC, `length` bytes from `offset`
   * (empty past the end). The page reads a file part by part, so main holds one part at a time.
   */
  async bytes({ offset, length, ...ref }: AttachmentChunkRef, desktop: boolean): Promise<Uint8Array<ArrayBuffer>> {
    if (!desktop) throw new AppError('IPC_INVALID_INPUT', 'In the browser, file bytes are read over HTTP (GET /attachment-content).');
    const { path } = await this.prepare(ref);
    const handle = await open(path, 'r');
    try {
      const chunk = new Uint8Array(new ArrayBuffer(length));
      const { bytesRead } = await handle.read(chunk, 0, length, offset);
      return bytesRead === length ? chunk : new Uint8Array(chunk.buffer.slice(0, bytesRead));
    } finally {
      await handle.close();
    }
  }

  /** Desktop "Download": the native dialog, then a copy of the cached bytes where the coordinator chose (whole or not at all). */
  async save(ref: AttachmentRef, choose: ChooseSavePath | undefined): Promise<{ saved: boolean }> {
    const dialog = desktopDialog(choose, 'the file');
    const { info, path } = await this.prepare(ref);
    return saveToChosenPath(dialog, info.name, (partial) => copyFile(path, partial));
  }
}

function findAttachment(workspace: AttachmentWorkspace, ref: AttachmentRef): Attachment {
  if (ref.attachmentId < 0) throw new AppError('ATTACHMENT_NOT_UPLOADED');
  if (!workspace.workOrders.get(ref.workOrderId)) throw new AppError('WORK_ORDER_NOT_FOUND');
  const attachment = workspace.parts.get(ref.workOrderId).attachments.find((candidate) => candidate.id === ref.attachmentId);
  if (!attachment) throw new AppError('ATTACHMENT_NOT_FOUND');
  return attachment;
}

function infoOf(attachment: Attachment): AttachmentPreviewInfo {
  const name = attachmentName(attachment);
  const mime = attachment.file?.mime || mimeTypeOf(name);
  return { name, mime, size: attachment.file?.size_bytes ?? 0, kind: previewKindOf(name, mime) };
}

export function cacheKey(environment: string, ref: AttachmentRef, attachment: Attachment): string {
  const hash = /^[0-9a-f]{64}$/i.test(attachment.file?.hash ?? '') ? (attachment.file?.hash ?? '').slice(0, 32).toLowerCase() : 'nohash';
  return `${environment}-${ref.workOrderId}-${ref.attachmentId}-${hash}`;
}
