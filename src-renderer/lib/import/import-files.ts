/** A file's first sheet as text: its headings and its rows (empty rows left out). */
export interface ImportTable {
  fileName: string;
  headings: string[];
  rows: string[][];
}

export const IMPORT_EXTENSIONS = ['.csv', '.xlsx'] as const;

export type ImportKind = 'csv' | 'xlsx';

/** What a file is, by its name (a dragged file's type is often empty or odd). */
export function importKindOf(name: string): ImportKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return undefined;
}

/**
 * CSV text as a table. Papaparse guesses the delimiter (commas, semicolons, tabs). It runs here,
 * not in its own worker: that worker starts from a blob: address our CSP refuses, and 5,000 rows
 * take a few milliseconds (test/bench/import-in-chromium.ts). Loaded with the first file, like xlsx's.
 */
export async function parseCsv(text: string, fileName = 'file.csv'): Promise<ImportTable> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headings = [], ...rows] = parsed.data;
  return { fileName, headings: headings.map((heading) => heading.trim()), rows };
}

/**
 * The first sheet of an xlsx workbook as a table, dates written as `2026-12-01 09:00`. The parser
 * (SheetJS) is loaded only when a workbook is opened, so the app's start does not carry it.
 */
export async function parseXlsx(data: ArrayBuffer, fileName = 'file.xlsx'): Promise<ImportTable> {
  const XLSX = await import('@e965/xlsx');
  // UTC: a cell's date comes back as its wall time in UTC fields, whatever this machine's zone.
  const workbook = XLSX.read(data, { type: 'array', cellDates: true, dense: true, UTC: true });
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  if (!sheet) return { fileName, headings: [], rows: [] };
  const table = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, UTC: true, defval: '', blankrows: false });
  const [headings = [], ...rows] = table.map((row) => row.map(cellText));
  return { fileName, headings: headings.map((heading) => heading.trim()), rows: rows.filter((row) => row.some((cell) => cell.trim() !== '')) };
}

/** A workbook cell as a CSV would hold it: a date as `2026-12-01 09:30`. */
function cellText(cell: unknown): string {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 16).replace('T', ' ');
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return '';
}

/** Reads a picked or dropped file; throws with words for a coordinator when it cannot. */
export async function readImportFile(file: File): Promise<ImportTable> {
  const kind = importKindOf(file.name);
  if (kind === 'csv') return parseCsv(await file.text(), file.name);
  if (kind === 'xlsx') return parseXlsx(await file.arrayBuffer(), file.name);
  throw new Error(`“${file.name}” is not a CSV or xlsx file.`);
}
