import { IMPORT_LIMITS, refusals } from '../../../src-shared/domain/import-limits';
import { ReaderAnswerSchema, type ReadRequest } from './import-messages';
import { importKindOf, type ImportKind, type ImportTable } from './import-table';

export { importKindOf, type ImportKind, type ImportTable } from './import-table';

/**
 * A picked or dropped file, read in a worker of its own (csv-worker.ts or xlsx-worker.ts, so a
 * CSV does not load the workbook parser) so that parsing it never holds up the page, however
 * large or odd the file. Each worker is a file of the build, served from the app's own origin as
 * the CSP's `default-src 'self'` requires (papaparse's own worker starts from a blob: address the
 * CSP refuses).
 */

/** How a read ended: the table, the sentence that refused the file, or Cancel. Never a rejection. */
export type ReadOutcome = { table: ImportTable } | { refusal: string } | { cancelled: true };

/** The part of a Worker the reading uses, so a test can stand in for it. */
export interface ReaderWorker {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  postMessage(request: ReadRequest): void;
  terminate(): void;
}

// Each a literal `new Worker(new URL(...))`, the form Vite builds into a worker file of its own.
const startReader = (kind: ImportKind): ReaderWorker =>
  kind === 'csv'
    ? new Worker(new URL('./csv-worker.ts', import.meta.url), { type: 'module', name: 'import-csv' })
    : new Worker(new URL('./xlsx-worker.ts', import.meta.url), { type: 'module', name: 'import-xlsx' });

/** One file being read; `cancel` ends its worker at once. */
export class FileReading {
  readonly outcome: Promise<ReadOutcome>;
  #settle: ((outcome: ReadOutcome) => void) | undefined;
  #worker: ReaderWorker | undefined;

  constructor(file: File, start: (kind: ImportKind) => ReaderWorker = startReader) {
    this.outcome = new Promise((resolve) => (this.#settle = resolve));
    this.#start(file, start);
  }

  #start(file: File, start: (kind: ImportKind) => ReaderWorker): void {
    const stopped = `“${file.name}” could not be read: the reader stopped before it finished. Try again, or save the file again from its spreadsheet app.`;
    const kind = importKindOf(file.name);
    if (kind === undefined) return this.#end({ refusal: `“${file.name}” is not a CSV or xlsx file: only those can be imported.` });
    // Refused before a byte is read.
    if (file.size > IMPORT_LIMITS.fileBytes) return this.#end({ refusal: refusals.fileTooLarge(file.name, file.size) });
    let worker: ReaderWorker;
    try {
      worker = this.#worker = start(kind);
    } catch {
      return this.#end({ refusal: stopped });
    }
    const rows: string[][] = [];
    worker.addEventListener('message', (event) => {
      const answer = ReaderAnswerSchema.safeParse(event.data);
      if (!answer.success) return this.#end({ refusal: stopped });
      const said = answer.data;
      if (said.type === 'refused') return this.#end({ refusal: said.message });
      if (said.type === 'rows') {
        for (const row of said.rows) rows.push(row);
        return;
      }
      this.#end(said.rowCount === rows.length ? { table: { fileName: file.name, headings: said.headings, rows } } : { refusal: stopped });
    });
    // A worker that fails to load or throws: the page hears of it here, as a sentence, never as an uncaught error.
    const failed = (event: Event) => {
      event.preventDefault();
      this.#end({ refusal: stopped });
    };
    worker.addEventListener('error', failed);
    worker.addEventListener('messageerror', failed);
    worker.postMessage({ file });
  }

  cancel(): void {
    this.#end({ cancelled: true });
  }

  /** The first ending wins; the worker goes with it, and the memory its parser held. */
  #end(outcome: ReadOutcome): void {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#settle?.(outcome);
    this.#settle = undefined;
  }
}

export const readImportFile = (file: File, start?: (kind: ImportKind) => ReaderWorker): FileReading => new FileReading(file, start);
