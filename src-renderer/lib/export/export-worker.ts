import { EXPORT_MAX_BYTES, EXPORT_MAX_ROWS } from '../../../src-shared/domain/export-files';
import { ExportRequestSchema, type ExportAnswer } from './export-messages';
import { csvBytes, xlsxBytes } from './table-writers';

/**
 * The export's worker (started by table-export.ts): it gathers the rows as the page reads them and
 * writes the file, so a workbook of 100,000 orders is built off the page and the page never holds
 * every row at once.
 */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  postMessage(answer: ExportAnswer, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const rows: string[][] = [];

scope.addEventListener('message', (event) => {
  const request = ExportRequestSchema.safeParse(event.data);
  if (!request.success) return scope.postMessage({ type: 'failed', message: 'The export was handed something that is not a table.' });
  const said = request.data;
  if (said.type === 'rows') {
    for (const row of said.rows) rows.push(row);
    return;
  }
  if (rows.length > EXPORT_MAX_ROWS) return scope.postMessage({ type: 'failed', message: `That is more than ${EXPORT_MAX_ROWS.toLocaleString('en-US')} rows: narrow the list with a filter first.` });
  try {
    const table = { headings: said.headings, rows };
    const bytes = said.kind === 'csv' ? csvBytes(table) : xlsxBytes(table, said.sheetName);
    if (bytes.byteLength > EXPORT_MAX_BYTES) return scope.postMessage({ type: 'failed', message: `The file would be larger than ${EXPORT_MAX_BYTES / (1024 * 1024)} MiB: narrow the list with a filter first.` });
    scope.postMessage({ type: 'done', bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ type: 'failed', message: `The file could not be written: ${(error instanceof Error ? error.message : String(error)).slice(0, 300)}` });
  }
});
