import { ExportAnswerSchema, type ExportRequest } from './export-messages';

/** The part of a Worker the export uses, so a test can stand in for it. */
export interface ExportWorker {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  postMessage(request: ExportRequest): void;
  terminate(): void;
}

// A literal `new Worker(new URL(...))`, the form Vite builds into a worker file of its own (served from 'self', as the CSP wants).
const startWorker = (): ExportWorker => new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module', name: 'export' });

/** The file could not be written; `message` is the sentence the coordinator reads. */
export class ExportFailure extends Error {}

/**
 * One file being written in a worker: rows handed over as they are read, then `finish` answers the
 * bytes. `cancel` ends the worker at once (and with it every row it held).
 */
export class TableExport {
  readonly #worker: ExportWorker;
  readonly #answer: Promise<Uint8Array<ArrayBuffer>>;
  #settle: { resolve: (bytes: Uint8Array<ArrayBuffer>) => void; reject: (error: Error) => void } | undefined;

  constructor(start: () => ExportWorker = startWorker) {
    this.#answer = new Promise((resolve, reject) => (this.#settle = { resolve, reject }));
    // Settled only through finish(); a failure before then must not be an unhandled rejection.
    this.#answer.catch(() => undefined);
    this.#worker = start();
    this.#worker.addEventListener('message', (event) => {
      const answer = ExportAnswerSchema.safeParse(event.data);
      if (!answer.success) return this.#end(new ExportFailure('The export stopped before it finished. Try again.'));
      if (answer.data.type === 'failed') return this.#end(new ExportFailure(answer.data.message));
      this.#end(answer.data.bytes as Uint8Array<ArrayBuffer>);
    });
    const failed = (event: Event) => {
      event.preventDefault();
      this.#end(new ExportFailure('The export stopped before it finished. Try again.'));
    };
    this.#worker.addEventListener('error', failed);
    this.#worker.addEventListener('messageerror', failed);
  }

  add(rows: string[][]): void {
    if (rows.length > 0) this.#worker.postMessage({ type: 'rows', rows });
  }

  finish(kind: 'csv' | 'xlsx', headings: string[], sheetName: string): Promise<Uint8Array<ArrayBuffer>> {
    this.#worker.postMessage({ type: 'finish', kind, headings, sheetName });
    return this.#answer;
  }

  cancel(): void {
    this.#end(new ExportFailure('The export was cancelled.'));
  }

  #end(outcome: Uint8Array<ArrayBuffer> | Error): void {
    this.#worker.terminate();
    if (outcome instanceof Error) this.#settle?.reject(outcome);
    else this.#settle?.resolve(outcome);
    this.#settle = undefined;
  }
}
