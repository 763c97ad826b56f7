import type { PrintToPDFOptions, WebContents } from 'electron';
import type { PrintToPdf } from '../printing/work-sheet-pdf';

/** The part of a window's webContents printing uses (a fake in tests: Electron cannot run there). */
export type PdfContents = Pick<WebContents, 'printToPDF' | 'isDestroyed'>;

/**
 * The page's own `@page` rule decides the paper and margins (the work sheet fits Letter and A4);
 * Letter is the fallback, the marketplace being American. Backgrounds are left out: the sheet is
 * black on white, and a dark theme's surfaces must never reach paper.
 */
export const WORK_SHEET_PDF_OPTIONS: PrintToPDFOptions = { pageSize: 'Letter', preferCSSPageSize: true, printBackground: false, generateDocumentOutline: false };

/** Prints the main window as it shows now (Electron prints with print media, as a browser's print does). */
export function windowPdfPrinter(contents: () => PdfContents | undefined): PrintToPdf {
  return async () => {
    const target = contents();
    if (!target || target.isDestroyed()) throw new Error('no window to print');
    return new Uint8Array(await target.printToPDF(WORK_SHEET_PDF_OPTIONS));
  };
}
