import { AppError } from '../../../src-shared/errors';
import type { WorkSheetPdfRequest } from '../../../src-shared/ipc/print';
import type { Handlers } from '../dispatcher';

/** An order's work sheet saved as a PDF: the desktop's saver, none in browser mode (the browser prints it itself). */
export function printHandlers(savePdf: ((request: WorkSheetPdfRequest) => Promise<{ saved: boolean }>) | undefined): Pick<Handlers, 'workorders:print-pdf'> {
  return {
    'workorders:print-pdf': (request) => {
      if (!savePdf) throw new AppError('PRINT_DESKTOP_ONLY');
      return savePdf(request);
    },
  };
}
