import { z } from 'zod';

/**
 * Browser mode's one HTTP write: a page has a dropped `File` but no path, so it streams the bytes to
 * the web host, which stages them like a desktop drop; the answer's `stagedId` then goes into
 * `attachments:upload`. The request carries the page's token as `Authorization: Bearer <token>`,
 * the file name in the query (`?name=`) and the raw bytes as `application/octet-stream` with a
 * Content-Length. Refusals answer `{code, message}` like any IPC error.
 */
export const FILE_UPLOAD_PATH = '/files';

export const FileUploadQuerySchema = z.object({ name: z.string().min(1).max(1024) });

/** What the web host answers (201) once the file is staged. */
export const StagedUploadSchema = z.object({
  stagedId: z.uuid(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type StagedUpload = z.infer<typeof StagedUploadSchema>;
