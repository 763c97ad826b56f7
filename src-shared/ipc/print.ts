import { z } from 'zod';

// The work sheet of an order (issue 28, Print). Browser mode prints it with the browser's own dialog
// (window.print, whose "Save as PDF" makes the file); the desktop has no such dialog in the page, so
// main prints the window to a PDF and writes it where the coordinator chooses in the native Save
// dialog. The renderer shows the sheet first: main prints what the window shows, in print media.

export const WorkSheetPdfRequestSchema = z.strictObject({
  /** Negative for an order made offline whose create has not been answered yet: it prints all the same. */
  id: z.number().int(),
  /** For the suggested file name only; main cleans it before the dialog shows it. */
  title: z.string().max(300).optional(),
});
export type WorkSheetPdfRequest = z.infer<typeof WorkSheetPdfRequestSchema>;

export const printChannels = {
  /** Desktop only: the native Save dialog, then the window printed to that PDF; `saved: false` when cancelled. */
  'workorders:print-pdf': { input: WorkSheetPdfRequestSchema, output: z.strictObject({ saved: z.boolean() }) },
} as const;
