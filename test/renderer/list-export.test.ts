import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_MAX_ROWS } from '../../src-shared/domain/export-files';
import { EXPORT_ROWS_PER_CALL } from '../../src-shared/ipc/work-order-export';
import { parseCsv } from '../../src-renderer/lib/import/import-csv';
import { parseXlsx } from '../../src-renderer/lib/import/import-xlsx';
import { ExportRequestSchema, type ExportAnswer } from '../../src-renderer/lib/export/export-messages';
import type { ExportWorker } from '../../src-renderer/lib/export/table-export';
import { csvBytes, xlsxBytes } from '../../src-renderer/lib/export/table-writers';
import { ListExport } from '../../src-renderer/state/list-export.svelte';
import { api, workOrder } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
const toasts: { tone?: string; message: string }[] = [];
vi.mock('../../src-renderer/lib/toasts.svelte', () => ({ toasts: { show: (toast: { message: string }) => toasts.push(toast) } }));

const FORMULA = '=HYPERLINK("https://example.test","x")';

/** The worker's work done in the test's thread: the same writers, the same messages. */
function inlineWorker(): ExportWorker {
  const rows: string[][] = [];
  let listener: ((event: MessageEvent<unknown>) => void) | undefined;
  return {
    addEventListener(type: string, handler: (event: never) => void) {
      if (type === 'message') listener = handler as (event: MessageEvent<unknown>) => void;
    },
    postMessage(message) {
      const request = ExportRequestSchema.parse(message);
      if (request.type === 'rows') return void rows.push(...request.rows);
      const table = { headings: request.headings, rows };
      const answer: ExportAnswer = { type: 'done', bytes: request.kind === 'csv' ? csvBytes(table) : xlsxBytes(table, request.sheetName) };
      queueMicrotask(() => listener?.({ data: answer } as MessageEvent<unknown>));
    },
    terminate() {},
  } as ExportWorker;
}

/** Two calls' worth of cached orders and 30 more that match the view, in the view's order; order 5's title begins like a formula. */
const ORDER_COUNT = 2 * EXPORT_ROWS_PER_CALL + 30;
const ORDERS = Array.from({ length: ORDER_COUNT }, (_unused, index) =>
  workOrder(1000 + index, { title: index === 5 ? FORMULA : `Order ${index}`, client: { id: 1, name: 'Brightline' }, pay: { type: 'fixed', base: { amount: 120 + index } } } as never),
);

const VIEW = { list: 'workorders_all', client: 1, sort: 'title', order: 'asc' } as const;
const list = (total = ORDERS.length) => ({ total, scopeLabel: 'All', viewQuery: () => ({ ...VIEW }) });

let saved: { name: string; bytes: Uint8Array }[] = [];
beforeEach(() => {
  api.reset();
  api.desktop = true;
  saved = [];
  toasts.length = 0;
  api.answer('workorders:export-ids', () => ({ ids: ORDERS.map((order) => order.id), more: false }));
  api.answer('workorders:export-rows', ({ ids }) => ({ rows: ids.map((id) => ORDERS.find((order) => order.id === id)).filter((order) => order !== undefined) }));
  api.answer('files:save', ({ name, bytes }) => {
    saved.push({ name, bytes });
    return { saved: true };
  });
});

describe('exporting the list', () => {
  it('writes every order the view matches, page by page with its filters, not only the rows on screen', async () => {
    await new ListExport(inlineWorker).run(list(), 'csv');
    // The view's query once, then the rows EXPORT_ROWS_PER_CALL ids at a time, in the view's order.
    expect(api.inputsOf('workorders:export-ids')).toEqual([VIEW]);
    const asked = api.inputsOf('workorders:export-rows').map(({ ids }) => ids);
    expect(asked.map((ids) => ids.length)).toEqual([EXPORT_ROWS_PER_CALL, EXPORT_ROWS_PER_CALL, 30]);
    expect(asked.flat()).toEqual(ORDERS.map((order) => order.id));
    expect(saved[0]?.name).toMatch(/^work-orders-all-\d{4}-\d{2}-\d{2}\.csv$/);

    // Read back with the import's own reader.
    const table = parseCsv(new TextDecoder().decode(saved[0]?.bytes));
    expect(table.headings).toEqual(['ID', 'Title', 'Status', 'Starts (local)', 'Location', 'Client', 'Provider', 'Pay']);
    expect(table.rows.map((row) => row[0])).toEqual(ORDERS.map((order) => String(order.id)));
    expect(table.rows[5]?.[1]).toBe(`'${FORMULA}`);
    expect(table.rows[0]?.slice(5)).toEqual(['Brightline', '', '$120']);
    expect(toasts.at(-1)).toMatchObject({ tone: 'success', message: expect.stringContaining(`Exported ${ORDER_COUNT} orders`) });
  });

  it('writes the same rows as an xlsx workbook, the formula-like title escaped there too', async () => {
    await new ListExport(inlineWorker).run(list(), 'xlsx');
    const bytes = saved[0]?.bytes as Uint8Array;
    const table = await parseXlsx(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    expect(table.rows).toHaveLength(ORDER_COUNT);
    expect(table.rows[5]?.[1]).toBe(`'${FORMULA}`);
  });

  it('says so instead of writing an empty file or one past the bound, and says when main fails', async () => {
    const exporter = new ListExport(inlineWorker);
    await exporter.run(list(0), 'csv');
    await exporter.run(list(EXPORT_MAX_ROWS + 1), 'csv');
    expect(api.count('workorders:export-ids')).toBe(0);
    expect(toasts.map((toast) => toast.message)).toEqual([expect.stringContaining('nothing to export'), expect.stringContaining('narrow it with a filter')]);
    // More match by the time the export asks than the list said.
    api.answer('workorders:export-ids', () => ({ ids: [1], more: true }));
    await exporter.run(list(), 'csv');
    expect(toasts.at(-1)).toMatchObject({ tone: 'danger', message: expect.stringContaining('narrow it with a filter') });
    api.refuse('workorders:export-ids', 'INTERNAL', 'The cache could not be read.');
    await exporter.run(list(), 'csv');
    expect(toasts.at(-1)).toMatchObject({ tone: 'danger', message: 'The cache could not be read.' });
    expect(exporter.running).toBeUndefined();
    expect(saved).toEqual([]);
  });

  it('says what the worker said when the file could not be written, and saves nothing', async () => {
    const refusing = (): ExportWorker => {
      let listener: ((event: MessageEvent<unknown>) => void) | undefined;
      return {
        addEventListener(type: string, handler: (event: never) => void) {
          if (type === 'message') listener = handler as (event: MessageEvent<unknown>) => void;
        },
        postMessage(message) {
          if (ExportRequestSchema.parse(message).type === 'finish') queueMicrotask(() => listener?.({ data: { type: 'failed', message: 'The file would be larger than 64 MiB: narrow the list with a filter first.' } } as MessageEvent<unknown>));
        },
        terminate() {},
      } as ExportWorker;
    };
    await new ListExport(refusing).run(list(), 'xlsx');
    expect(toasts.at(-1)).toEqual({ tone: 'danger', message: 'The file would be larger than 64 MiB: narrow the list with a filter first.' });
    expect(saved).toEqual([]);
  });
});

describe('the table writers', () => {
  it('escape formula-like cells in headings and rows, and leave numbers and phones alone', () => {
    const table = { headings: ['=Title', 'Phone'], rows: [['@cmd', '+1 555 010 0199'], ['-12.50', 'plain, with a comma']] };
    const read = parseCsv(new TextDecoder().decode(csvBytes(table)));
    expect(read.headings).toEqual(["'=Title", 'Phone']);
    expect(read.rows).toEqual([["'@cmd", '+1 555 010 0199'], ['-12.50', 'plain, with a comma']]);
  });
});
