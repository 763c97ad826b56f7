import { z } from 'zod';
import { EXPORT_MAX_BYTES, EXPORT_MAX_ROWS } from '../../../src-shared/domain/export-files';

/**
 * What the page and the export's worker say to each other: rows as they are read, then the kind
 * of file to write; the worker answers the bytes or a sentence. Both sides parse what they receive.
 */
const RowSchema = z.array(z.string()).max(100);

export const ExportRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rows'), rows: z.array(RowSchema).max(EXPORT_MAX_ROWS) }),
  z.object({ type: z.literal('finish'), kind: z.enum(['csv', 'xlsx']), headings: RowSchema, sheetName: z.string().max(100) }),
]);
export type ExportRequest = z.infer<typeof ExportRequestSchema>;

export const ExportAnswerSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('done'), bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= EXPORT_MAX_BYTES, 'Too large') }),
  z.object({ type: z.literal('failed'), message: z.string().min(1).max(2_000) }),
]);
export type ExportAnswer = z.infer<typeof ExportAnswerSchema>;
