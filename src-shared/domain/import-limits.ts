/**
 * How much of a file bulk import reads (security audit, issue 22 item 3), and the sentences that
 * refuse more. Every number lives here; the reader applies them as it goes, so a file over a
 * limit stops being read the moment it crosses it.
 */

const MIB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** 20 MiB: a 50,000-row sheet of twenty columns is 12 to 14 MiB as an xlsx, less as a CSV. Checked before a byte is read. */
  fileBytes: 20 * MIB,
  /**
   * 100 MiB unpacked: the zip entries of that 50,000-row, twenty-column workbook add up to 45 MiB,
   * so this leaves room for styles and wider sheets. More could only hold rows the row limit
   * refuses, while the parser needs several times the unpacked size in memory.
   */
  inflatedBytes: 100 * MIB,
  /** Data rows under the headings: ten times the 5,000 the import is measured at, and each row becomes a draft in the outbox. */
  rows: 50_000,
  /** Characters in one cell: Excel's own limit, so no file Excel wrote is refused for it. */
  cellChars: 32_767,
  /**
   * Columns: the mapping step lists each column with its own choice of job field (there are 25
   * fields). Without it, a 20 MiB line of commas would be ten million columns on the page.
   */
  columns: 1_000,
  /** Parts of a zip: a workbook has a few dozen; tens of thousands only make its check slow. */
  zipEntries: 10_000,
} as const;

const count = (value: number) => value.toLocaleString('en-US');
/** Whole MiB as such; anything else to a tenth, so a file just over a limit does not read as equal to it. */
const mib = (bytes: number) => `${Number.isInteger(bytes / MIB) ? bytes / MIB : (bytes / MIB).toFixed(1)} MiB`;

/** A column's letters as a spreadsheet writes them (0 → A, 26 → AA). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

export const refusals = {
  fileTooLarge: (fileName: string, bytes: number) =>
    `“${fileName}” is ${mib(bytes)}: a file to import can be at most ${mib(IMPORT_LIMITS.fileBytes)}. Split it into smaller files.`,
  inflatedTooLarge: (fileName: string, bytes: number) =>
    `“${fileName}” unpacks to ${mib(bytes)}: a workbook to import can unpack to at most ${mib(IMPORT_LIMITS.inflatedBytes)}. Save its first sheet on its own, or as a CSV.`,
  tooManyRows: (fileName: string) =>
    `“${fileName}” has more than ${count(IMPORT_LIMITS.rows)} rows: a file to import can have at most ${count(IMPORT_LIMITS.rows)}. Split it into smaller files.`,
  tooManyColumns: (fileName: string, row: number) =>
    `“${fileName}” has more than ${count(IMPORT_LIMITS.columns)} columns, in row ${count(row)}: a file to import can have at most ${count(IMPORT_LIMITS.columns)}. Remove the columns the jobs do not need.`,
  cellTooLong: (fileName: string, row: number, column: number, heading: string | undefined) =>
    `“${fileName}” has a cell longer than ${count(IMPORT_LIMITS.cellChars)} characters, in row ${count(row)}, column ${columnLetters(column)}${heading ? ` (“${heading}”)` : ''}: a cell can hold at most ${count(IMPORT_LIMITS.cellChars)}, as in Excel.`,
  damagedZip: (fileName: string, why: string) => `“${fileName}” is not a workbook that can be read: ${why}.`,
} as const;

/**
 * The rows of one file as they are read, checked against the limits. `add` answers the sentence
 * that refuses the file at the first row over a limit, so a reader can stop there.
 */
export class TableLimits {
  readonly #fileName: string;
  #headings: readonly string[] | undefined;
  #dataRows = 0;

  constructor(fileName: string) {
    this.#fileName = fileName;
  }

  /**
   * The headings first, then each non-empty row. `row` is the number a refusal names: a sheet's own
   * row number when the reader knows it, else the count so far (the headings are row 1).
   */
  add(cells: readonly string[], row = this.#headings === undefined ? 1 : this.#dataRows + 2): string | undefined {
    if (cells.length > IMPORT_LIMITS.columns) return refusals.tooManyColumns(this.#fileName, row);
    for (let column = 0; column < cells.length; column += 1) {
      if ((cells[column]?.length ?? 0) > IMPORT_LIMITS.cellChars) {
        const heading = this.#headings?.[column]?.trim();
        return refusals.cellTooLong(this.#fileName, row, column, heading);
      }
    }
    if (this.#headings === undefined) {
      this.#headings = cells;
      return undefined;
    }
    this.#dataRows += 1;
    return this.#dataRows > IMPORT_LIMITS.rows ? refusals.tooManyRows(this.#fileName) : undefined;
  }
}
