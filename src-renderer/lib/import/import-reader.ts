import { IMPORT_LIMITS, refusals } from '../../../src-shared/domain/import-limits';
import { CELLS_PER_MESSAGE, ReadRequestSchema, type ReaderAnswer } from './import-messages';
import type { ImportTable } from './import-table';

/**
 * The worker's half of reading a file (the page's half is import-files.ts): each kind of file has
 * a worker of its own (csv-worker.ts, xlsx-worker.ts), so a CSV never loads the workbook parser.
 * Runs there, never on the page: a workbook of 100 MiB unpacked takes seconds to parse.
 */

/** The file is refused; `message` is the sentence the coordinator reads. */
export class ImportRefusal extends Error {}

/** The checks made before a byte is read; the page makes them first, but this is where the bytes are read. */
export function checkSize(file: File): void {
  if (file.size > IMPORT_LIMITS.fileBytes) throw new ImportRefusal(refusals.fileTooLarge(file.name, file.size));
}

// A worker's scope; the renderer's types describe a window.
interface ReaderScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  postMessage(answer: ReaderAnswer): void;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Answers the page's one request: the table, a few thousand cells a message, or the sentence that refuses the file. */
export function serveReader(read: (file: File) => Promise<ImportTable>, scope = self as unknown as ReaderScope): void {
  scope.addEventListener('message', (event) => void answer(scope, read, event.data));
}

async function answer(scope: ReaderScope, read: (file: File) => Promise<ImportTable>, data: unknown): Promise<void> {
  const request = ReadRequestSchema.safeParse(data);
  if (!request.success) {
    scope.postMessage({ type: 'refused', message: 'The import’s reader was handed something that is not a file.' });
    return;
  }
  const { file } = request.data;
  try {
    const table = await read(file);
    let rows: string[][] = [];
    let cells = 0;
    for (const row of table.rows) {
      rows.push(row);
      cells += Math.max(row.length, 1);
      if (cells >= CELLS_PER_MESSAGE) {
        scope.postMessage({ type: 'rows', rows });
        rows = [];
        cells = 0;
      }
    }
    if (rows.length > 0) scope.postMessage({ type: 'rows', rows });
    scope.postMessage({ type: 'done', headings: table.headings, rowCount: table.rows.length });
  } catch (error) {
    // SheetJS throws plain strings as well as errors.
    const said = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    scope.postMessage({ type: 'refused', message: error instanceof ImportRefusal ? said : sentence(`“${file.name}” could not be read: ${said}`) });
  }
}
