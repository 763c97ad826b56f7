import * as XLSX from '@e965/xlsx';
import { IMPORT_LIMITS, refusals, TableLimits } from '../../../src-shared/domain/import-limits';
import { checkSize, ImportRefusal } from './import-reader';
import type { ImportTable } from './import-table';
import { checkInflatedSizes, declaredSize, readZipDirectory, ZipDamage } from './zip-directory';

/**
 * The first sheet of an xlsx workbook as a table, dates written as `2026-12-01 09:00`. Its zip is
 * measured first (zip-directory.ts): SheetJS is only handed a workbook that unpacks to at most
 * IMPORT_LIMITS.inflatedBytes, which bounds its time and memory.
 */
export async function parseXlsx(data: ArrayBuffer, fileName = 'file.xlsx'): Promise<ImportTable> {
  const bytes = new Uint8Array(data);
  try {
    const entries = readZipDirectory(bytes);
    const declared = declaredSize(entries);
    if (declared > IMPORT_LIMITS.inflatedBytes) throw new ImportRefusal(refusals.inflatedTooLarge(fileName, declared));
    await checkInflatedSizes(bytes, entries);
  } catch (error) {
    if (error instanceof ZipDamage) throw new ImportRefusal(refusals.damagedZip(fileName, error.message));
    throw error;
  }
  // UTC: a cell's date comes back as its wall time in UTC fields, whatever this machine's zone.
  // Only the first sheet, its values: formulas, rich text and styles are not read at all.
  const workbook = XLSX.read(bytes, { type: 'array', cellDates: true, dense: true, UTC: true, sheets: 0, cellFormula: false, cellHTML: false, cellStyles: false });
  const first = workbook.SheetNames[0];
  const sheet = first === undefined ? undefined : workbook.Sheets[first];
  const limits = new TableLimits(fileName);
  const rows: string[][] = [];
  // The parsed cells themselves, not sheet_to_json: it pads every row to the sheet's range, and one
  // cell at XFD1048576 would make that range sixteen billion cells.
  const sheetRows = sheet?.['!data'] ?? [];
  for (let index = 0; index < sheetRows.length; index += 1) {
    const cells = sheetRows[index];
    if (!cells) continue;
    const row = Array.from(cells, cellText);
    if (row.every((cell) => cell.trim() === '')) continue;
    const refusal = limits.add(row, index + 1);
    if (refusal !== undefined) throw new ImportRefusal(refusal);
    rows.push(row);
  }
  // Empty columns left of the table are left out, as sheet_to_json left them out.
  const start = rows.reduce((first, row) => Math.min(first, row.findIndex((cell) => cell !== '')), Number.POSITIVE_INFINITY);
  const [headings = [], ...body] = start > 0 && start !== Number.POSITIVE_INFINITY ? rows.map((row) => row.slice(start)) : rows;
  return { fileName, headings: headings.map((heading) => heading.trim()), rows: body };
}

/** A workbook cell as a CSV would hold it: a date as `2026-12-01 09:30`, an error or a gap as nothing. */
function cellText(cell: XLSX.CellObject | undefined): string {
  const value = cell?.t === 'e' ? undefined : cell?.v;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 16).replace('T', ' ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A picked or dropped workbook. */
export async function readXlsx(file: File): Promise<ImportTable> {
  checkSize(file);
  return parseXlsx(await file.arrayBuffer(), file.name);
}
