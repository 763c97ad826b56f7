import { z } from 'zod';
import { IMPORT_LIMITS } from '../../../src-shared/domain/import-limits';

/**
 * What the page and the import's worker say to each other. Both sides parse what they receive:
 * the page takes nothing from the worker that is not a table within the limits.
 */

/** Cells per message: each message lands on the page as its own task, so none takes long to receive and check. */
export const CELLS_PER_MESSAGE = 20_000;

export const ReadRequestSchema = z.object({ file: z.instanceof(File) });
export type ReadRequest = z.infer<typeof ReadRequestSchema>;

const RowSchema = z.array(z.string().max(IMPORT_LIMITS.cellChars)).max(IMPORT_LIMITS.columns);

export const ReaderAnswerSchema = z.discriminatedUnion('type', [
  /** The next rows of the table, in order. */
  z.object({ type: z.literal('rows'), rows: z.array(RowSchema).max(CELLS_PER_MESSAGE) }),
  /** The table is whole: its headings, and how many rows were sent. */
  z.object({ type: z.literal('done'), headings: RowSchema, rowCount: z.number().int().min(0).max(IMPORT_LIMITS.rows) }),
  /** The file is refused; the sentence says why. */
  z.object({ type: z.literal('refused'), message: z.string().min(1).max(2_000) }),
]);
export type ReaderAnswer = z.infer<typeof ReaderAnswerSchema>;
