import { flushSync, tick } from 'svelte';
import type { WorkSheetPdfRequest } from '../../src-shared/ipc/print';
import { isDesktop } from '../lib/api';
import { showError } from '../lib/errors';
import { toasts } from '../lib/toasts.svelte';
import { saveWorkSheetPdf } from '../services/work-sheet';

/** What printing reaches outside Svelte; tests pass fakes. */
export interface WorkSheetPrintDeps {
  desktop: () => boolean;
  /** The browser's print dialog (`window.print`): it blocks until the dialog closes. */
  printPage: () => void;
  savePdf: (request: WorkSheetPdfRequest) => Promise<{ saved: boolean }>;
}

const BROWSER: WorkSheetPrintDeps = { desktop: isDesktop, printPage: () => window.print(), savePdf: saveWorkSheetPdf };

/**
 * An open order's work sheet on paper. The sheet is in the page only while it is printed (`shown`),
 * and the print stylesheet shows nothing else. Browser mode opens the browser's print dialog (its
 * "Save as PDF" makes a file); the desktop has main print the window to a PDF saved where the
 * coordinator chooses. The browser's own Print (its menu) prints the sheet too: `follow` shows it
 * for as long as the browser prints.
 */
export class WorkSheetPrint {
  shown = $state(false);
  busy = $state(false);
  readonly #deps: WorkSheetPrintDeps;

  constructor(deps: WorkSheetPrintDeps = BROWSER) {
    this.#deps = deps;
  }

  async print(order: { id: number; title?: string | null }): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    this.shown = true;
    try {
      // The sheet in the page before anything prints it.
      await tick();
      if (this.#deps.desktop()) {
        const { saved } = await this.#deps.savePdf({ id: order.id, title: order.title ?? undefined });
        if (saved) toasts.show({ tone: 'success', message: `Saved the work sheet of #${order.id} as a PDF` });
        this.shown = false;
      } else {
        // Returns when the dialog closes; `afterprint` has taken the sheet away by then (`follow`).
        this.#deps.printPage();
      }
    } catch (error) {
      this.shown = false;
      showError(error, 'The work sheet could not be printed.');
    } finally {
      this.busy = false;
    }
  }

  /** Shows the sheet for a print the browser starts itself; returns what stops following. */
  follow(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
    const before = () => {
      this.shown = true;
      // The browser lays the page out for paper right after this event: the sheet must be in it.
      flushSync();
    };
    const after = () => (this.shown = false);
    target.addEventListener('beforeprint', before);
    target.addEventListener('afterprint', after);
    return () => {
      target.removeEventListener('beforeprint', before);
      target.removeEventListener('afterprint', after);
    };
  }
}
