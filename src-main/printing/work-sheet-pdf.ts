import { writeFile as writeFileOnDisk } from 'node:fs/promises';
import { AppError } from '../../src-shared/errors';
import type { WorkSheetPdfRequest } from '../../src-shared/ipc/print';
import { safeDisplayName } from '../../src-shared/domain/attachments';
import type { ChooseSavePath } from '../attachments/save-dialog';
import { saveToChosenPath } from '../exports/save-to-chosen-path';

/** The window as it is now, printed in print media to PDF bytes (Electron's `webContents.printToPDF`). */
export type PrintToPdf = () => Promise<Uint8Array>;

export interface WorkSheetPdfDeps {
  chooseSavePath: ChooseSavePath;
  printToPdf: PrintToPdf;
  writeFile?: (path: string, bytes: Uint8Array) => Promise<void>;
}

/** Characters no file name may carry on one of the desktops; a title is free text. */
const UNSAFE_IN_FILE_NAMES = /[\\/:*?"<>|]+/g;

/** "Work order 10019 - Core switch replacement.pdf": what the Save dialog suggests. */
export function workSheetFileName({ id, title }: WorkSheetPdfRequest): string {
  const cleanTitle = (title ?? '').replace(UNSAFE_IN_FILE_NAMES, '-').replace(/\s+/g, ' ').trim();
  const order = id > 0 ? `Work order ${id}` : 'New work order';
  const base = cleanTitle ? `${order} - ${cleanTitle}` : order;
  // The cap keeps the extension: a long title is cut, never the ".pdf".
  return safeDisplayName(`${base.slice(0, 150).trim()}.pdf`);
}

/**
 * Saves the open work sheet as a PDF: the native dialog first (nothing is printed for a cancel),
 * then the window printed, then the file written beside the chosen name and renamed into place, so
 * a failed write never leaves a cut PDF over a file that was there. A failure is one clear error.
 */
export function workSheetPdfSaver(deps: WorkSheetPdfDeps): (request: WorkSheetPdfRequest) => Promise<{ saved: boolean }> {
  const writeFile = deps.writeFile ?? ((path, bytes) => writeFileOnDisk(path, bytes));
  return (request) =>
    saveToChosenPath(
      deps.chooseSavePath,
      workSheetFileName(request),
      async (partial) => {
        let bytes: Uint8Array;
        try {
          bytes = await deps.printToPdf();
        } catch {
          throw new AppError('PRINT_FAILED', 'The work sheet could not be printed to a PDF.');
        }
        await writeFile(partial, bytes);
      },
      { code: 'PRINT_FAILED', message: 'The PDF could not be written there: choose another folder.' },
    );
}
