import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { escapeFormulaCell } from '../../../src-shared/domain/formula-cells';

/**
 * A table as the bytes of a file, with the libraries the import reads them with: papaparse for
 * CSV, SheetJS for xlsx. Every cell that a spreadsheet would take for a formula is written with a
 * leading `'` (src-shared/domain/formula-cells.ts), in both kinds.
 */

/** A heading row and rows of text, as a coordinator reads them on screen. */
export interface TextTable {
  headings: readonly string[];
  rows: readonly (readonly string[])[];
}

const escapeRow = (row: readonly string[]) => row.map(escapeFormulaCell);

/**
 * UTF-8 with a byte order mark, which Excel needs to read accents and `€` right; CRLF line ends
 * (RFC 4180); every field quoted only where it must be.
 */
export function csvBytes({ headings, rows }: TextTable): Uint8Array<ArrayBuffer> {
  const text = Papa.unparse([escapeRow(headings), ...rows.map(escapeRow)], { newline: '\r\n', escapeFormulae: false });
  return new TextEncoder().encode(`\uFEFF${text}\r\n`) as Uint8Array<ArrayBuffer>;
}

/** One sheet of text cells (no number or date guessing: the cells say what the screen says), its name at most 31 characters. */
export function xlsxBytes({ headings, rows }: TextTable, sheetName: string): Uint8Array<ArrayBuffer> {
  const sheet = XLSX.utils.aoa_to_sheet([escapeRow(headings), ...rows.map(escapeRow)], { cellDates: false });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1');
  const written = XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
  return new Uint8Array(written);
}
