import { z } from 'zod';
import { ATTACHMENT_PREVIEW_KINDS } from '../domain/attachment-preview';
import { ATTACHMENT_CHUNK_MAX_BYTES } from '../domain/attachments';
import { AttachmentTargetShape, OutboxReceiptSchema } from './write-channels';

/**
 * Reading an attachment's bytes (previews and "Download"). Two steps, because IPC frames carry JSON
 * and stay under `WIRE_MAX_FRAME_BYTES`, while a file may be 100 MiB:
 *
 * 1. `attachments:preview` (IPC) makes sure main holds the bytes: from its bounded cache in the
 *    data folder, or fetched from the marketplace through the file's `link` (same token rules as the
 *    API). It answers what the renderer needs to choose a preview, never the bytes. Offline, a file
 *    fetched before still answers; one never fetched fails with ATTACHMENT_NOT_DOWNLOADED.
 * 2. The bytes, from the cache only (no network on this path):
 *    - browser mode: `GET /attachment-content?workOrderId=&attachmentId=` on the web host, with the
 *      page's token as `Authorization: Bearer <token>` (like `POST /files`). The answer is always
 *      `application/octet-stream` with `Content-Disposition: attachment` and a `sandbox` CSP, so
 *      nothing a provider uploaded is ever rendered as a page, even when opened directly;
 *    - Electron: `attachments:bytes` answers them part by part over IPC (structured clone), and
 *      `attachments:save` shows the native save dialog and copies the cached file there (the
 *      renderer never holds a path).
 * Refusals answer `{code, message}` like any IPC error.
 */
export const ATTACHMENT_CONTENT_PATH = '/attachment-content';

const IdSchema = z.number().int().positive();

/** The query of `GET /attachment-content` (numbers as text in the URL). */
export const AttachmentContentQuerySchema = z.strictObject({
  workOrderId: z.coerce.number().int().positive(),
  attachmentId: z.coerce.number().int().positive(),
});

/** A negative attachment id is a file still waiting in the outbox: ATTACHMENT_NOT_UPLOADED. */
export const AttachmentRefSchema = z.strictObject({ workOrderId: IdSchema, attachmentId: z.number().int().refine((id) => id !== 0, 'An id is never 0') });
export type AttachmentRef = z.infer<typeof AttachmentRefSchema>;

/** A part of a file's bytes (the desktop reads a file part by part). */
export const AttachmentChunkRefSchema = AttachmentRefSchema.extend({
  offset: z.number().int().nonnegative(),
  length: z.number().int().positive().max(ATTACHMENT_CHUNK_MAX_BYTES),
});
export type AttachmentChunkRef = z.infer<typeof AttachmentChunkRefSchema>;

export const AttachmentPreviewKindSchema = z.enum(ATTACHMENT_PREVIEW_KINDS);

export const AttachmentPreviewInfoSchema = z.object({
  /** Cleaned for display (`safeDisplayName`). */
  name: z.string(),
  /** The type the marketplace gave, or the one guessed from the name. */
  mime: z.string(),
  size: z.number().int().nonnegative(),
  /** How the renderer may show it; `other` gets a file card with Download only. */
  kind: AttachmentPreviewKindSchema,
});
export type AttachmentPreviewInfo = z.infer<typeof AttachmentPreviewInfoSchema>;

export const attachmentFileChannels = {
  /** Makes sure main holds the file's bytes (cache, else the marketplace) and says how to preview it. */
  'attachments:preview': { input: AttachmentRefSchema, output: AttachmentPreviewInfoSchema },
  /**
   * Desktop only: the native "Save as" dialog, then the cached bytes copied there. `saved: false`
   * when the coordinator closed the dialog. Browser mode answers IPC_INVALID_INPUT: it downloads
   * through `GET /attachment-content` instead.
   */
  'attachments:save': { input: AttachmentRefSchema, output: z.strictObject({ saved: z.boolean() }) },
  /**
   * Desktop only: `length` of the cached bytes from `offset` (after `attachments:preview`), at most
   * `ATTACHMENT_CHUNK_MAX_BYTES` a call, so neither side holds a whole file for one answer; empty
   * past the end. Electron's IPC carries them as a structured clone. Browser mode answers
   * IPC_INVALID_INPUT: JSON frames cannot carry them, so it reads `GET /attachment-content` instead.
   */
  'attachments:bytes': { input: AttachmentChunkRefSchema, output: z.instanceof(Uint8Array) },
  /**
   * Desktop, and the preload only (`PRELOAD_ONLY_CHANNELS`): a dropped or picked file, by the path
   * the preload resolved from its `File` (`webUtils.getPathForFile`). Main copies it into the
   * staging folder (a regular file only, opened once without following a symlink) and queues its
   * upload. The page calls `window.api.uploadFile(file, target)`; it never sees or sends a path.
   */
  'attachments:upload-file': {
    input: z.strictObject({ ...AttachmentTargetShape, path: z.string().min(1).max(4096) }),
    output: OutboxReceiptSchema,
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
