import { EXPORT_KINDS, EXPORT_MAX_ROWS, exportFileName } from '../../src-shared/domain/export-files';
import { messageOf } from '../lib/errors';
import { LIST_COLUMNS, listRowCells } from '../lib/export/list-columns';
import { ExportFailure, TableExport, type ExportWorker } from '../lib/export/table-export';
import { toasts } from '../lib/toasts.svelte';
import { saveFile } from '../services/saved-files';
import { EXPORT_ROWS_PER_CALL } from '../../src-shared/ipc/work-order-export';
import { exportIds, exportRows } from '../services/work-orders';
import type { WorkOrderList } from './work-order-list.svelte';

export type ListExportKind = 'csv' | 'xlsx';

/**
 * "Export" of the work order list: every order the view matches (its scope, search, filters and
 * sort), not only the rows on screen: main answers the matching ids in the view's order once, then
 * their columns a few hundred at a time (`src-shared/ipc/work-order-export.ts`), each row formatted as
 * the table shows it. The rows go to a worker as they come (table-export.ts), which writes the
 * file; the page holds a few hundred orders at a time and never blocks. One export at a time; its
 * progress is on the Export button.
 */
export class ListExport {
  /** The kind being written, while an export runs. */
  running = $state<ListExportKind | undefined>();
  read = $state(0);
  total = $state(0);

  readonly #startWorker: (() => ExportWorker) | undefined;

  constructor(startWorker?: () => ExportWorker) {
    this.#startWorker = startWorker;
  }

  async run(list: Pick<WorkOrderList, 'viewQuery' | 'total' | 'scopeLabel'>, kind: ListExportKind): Promise<void> {
    if (this.running) return;
    if (list.total === 0) {
      toasts.show({ tone: 'info', message: 'The list is empty: there is nothing to export.' });
      return;
    }
    if (list.total > EXPORT_MAX_ROWS) {
      toasts.show({ tone: 'danger', message: TOO_MANY });
      return;
    }
    this.running = kind;
    this.read = 0;
    this.total = list.total;
    const writer = new TableExport(this.#startWorker);
    try {
      // The ids once, in the view's order as it is now; then the rows a few hundred at a time.
      const { ids, more } = await exportIds(list.viewQuery());
      if (more) throw new ExportFailure(TOO_MANY);
      this.total = ids.length;
      for (let from = 0; from < ids.length; from += EXPORT_ROWS_PER_CALL) {
        const rows = await exportRows(ids.slice(from, from + EXPORT_ROWS_PER_CALL));
        writer.add(rows.map(listRowCells));
        this.read += rows.length;
      }
      const bytes = await writer.finish(kind, LIST_COLUMNS, `Work orders ${list.scopeLabel}`);
      const name = exportFileName(`work orders ${list.scopeLabel}`, kind);
      if (await saveFile(name, bytes)) {
        toasts.show({ tone: 'success', message: `Exported ${this.read.toLocaleString('en-US')} ${this.read === 1 ? 'order' : 'orders'} to ${name}` });
      }
    } catch (error) {
      writer.cancel();
      const fallback = `The list could not be exported as ${EXPORT_KINDS[kind].label}.`;
      toasts.show({ tone: 'danger', message: error instanceof ExportFailure ? error.message : messageOf(error, fallback) });
    } finally {
      this.running = undefined;
    }
  }
}

const TOO_MANY = `The list holds more than the ${EXPORT_MAX_ROWS.toLocaleString('en-US')} orders one export writes: narrow it with a filter first.`;

export const listExport = new ListExport();
