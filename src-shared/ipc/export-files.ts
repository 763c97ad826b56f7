import { z } from 'zod';
import { EXPORT_MAX_BYTES, exportKindOf } from '../domain/export-files';

/**
 * Saving a file the app made (the list's CSV or xlsx, an Insights table). The bytes are made on
 * the page; where they go depends on the host:
 * - desktop: `files:save` hands them to main, which shows the native Save dialog and writes them
 *   where the coordinator chose (the page never sees or gives a path);
 * - browser mode: the page downloads them itself (an object URL and a link), so the channel
 *   answers IPC_INVALID_INPUT there: JSON frames do not carry bytes.
 */

/** A name the app gave: no folder, no control character, one of the kinds it writes. */
export const ExportFileNameSchema = z
  .string()
  .min(5)
  .max(120)
  .refine((name) => !/[/\\\p{Cc}\p{Cf}]/u.test(name) && !name.startsWith('.'), 'A file name without folders or hidden characters')
  .refine((name) => exportKindOf(name) !== undefined, 'A .csv, .xlsx or .zip file');

export const SaveFileInputSchema = z.strictObject({
  name: ExportFileNameSchema,
  bytes: z
    .instanceof(Uint8Array)
    .refine((bytes) => bytes.byteLength > 0, 'An empty file is not saved')
    .refine((bytes) => bytes.byteLength <= EXPORT_MAX_BYTES, `At most ${EXPORT_MAX_BYTES / (1024 * 1024)} MiB`),
});
export type SaveFileInput = z.infer<typeof SaveFileInputSchema>;

export const exportFileChannels = {
  /** Desktop only: the native Save dialog, then the bytes written there; `saved: false` when the dialog was closed. */
  'files:save': { input: SaveFileInputSchema, output: z.strictObject({ saved: z.boolean() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;
