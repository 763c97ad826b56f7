import { WORK_ORDER_LIST_MAX_PER_PAGE } from '../../src-shared/api/work-order-list';
import { EXPORT_KINDS, EXPORT_MAX_ROWS, exportFileName } from '../../src-shared/domain/export-files';
import { messageOf } from '../lib/errors';
import { LIST_COLUMNS, listRowCells } from '../lib/export/list-columns';
import { ExportFailure, TableExport, type ExportWorker } from '../lib/export/table-export';
import { toasts } from '../lib/toasts.svelte';
import { saveFile } from '../services/saved-files';
import { listWorkOrders } from '../services/work-orders';
import type { WorkOrderList } from './work-order-list.svelte';

export type ListExportKind = 'csv' | 'xlsx';

/**
 * "Export" of the work order list: every order the view matches (its scope, search, filters and
 * sort), not only the rows on screen, read from the cache page by page with the query as it was
 * when the export began, each row formatted as the table shows it. The rows go to a worker as they
 * come (table-export.ts), which writes the file; the page holds one page of orders at a time and
 * never blocks. One export at a time; its progress is on the Export button.
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

  async run(list: Pick<WorkOrderList, 'requestFor' | 'total' | 'scopeLabel'>, kind: ListExportKind): Promise<void> {
    if (this.running) return;
    if (list.total === 0) {
      toasts.show({ tone: 'info', message: 'The list is empty: there is nothing to export.' });
      return;
    }
    if (list.total > EXPORT_MAX_ROWS) {
      toasts.show({ tone: 'danger', message: `The list holds ${list.total.toLocaleString('en-US')} orders, more than the ${EXPORT_MAX_ROWS.toLocaleString('en-US')} one export writes: narrow it with a filter first.` });
      return;
    }
    this.running = kind;
    this.read = 0;
    this.total = list.total;
    const request = list.requestFor(1, WORK_ORDER_LIST_MAX_PER_PAGE);
    const writer = new TableExport(this.#startWorker);
    try {
      // An order that moves between pages while they are read (a change lands meanwhile) is written once.
      const seen: Record<number, true> = {};
      for (let page = 1; ; page += 1) {
        const answer = await listWorkOrders({ ...request, page });
        const rows = answer.results.filter((order) => !seen[order.id]);
        for (const order of rows) seen[order.id] = true;
        writer.add(rows.map(listRowCells));
        this.read += rows.length;
        this.total = answer.total;
        if (answer.results.length < WORK_ORDER_LIST_MAX_PER_PAGE || page * WORK_ORDER_LIST_MAX_PER_PAGE >= answer.total) break;
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

export const listExport = new ListExport();
