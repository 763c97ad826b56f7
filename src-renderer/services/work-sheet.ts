import type { WorkSheetPdfRequest } from '../../src-shared/ipc/print';
import { invoke } from '../lib/api';

/** Desktop: main asks where (native Save dialog) and prints the window, which shows the sheet, to that PDF. */
export function saveWorkSheetPdf(request: WorkSheetPdfRequest): Promise<{ saved: boolean }> {
  return invoke('workorders:print-pdf', request);
}
