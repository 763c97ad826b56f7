import { describe, expect, it } from 'vitest';
import { looksLikeFormula } from '../../src-renderer/lib/import/import-formulas';
import { parseCsv, readCsv } from '../../src-renderer/lib/import/import-csv';
import { RowReader } from '../../src-renderer/lib/import/import-rows';
import { matchColumns } from '../../src-renderer/lib/import/import-fields';
import { columnLetters, IMPORT_LIMITS, refusals, TableLimits } from '../../src-shared/domain/import-limits';

// Bulk import's limits (issue 22 item 3): each refused with a sentence naming the file and the limit.

describe('the limits of a table', () => {
  it('names a spreadsheet’s columns as it does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 999, 16_383].map(columnLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA', 'ALL', 'XFD']);
  });

  it('takes a cell of 32,767 characters and refuses one longer, naming its row, its column and the column’s heading', () => {
    const limits = new TableLimits('jobs.csv');
    expect(limits.add(['Title', ' Description '])).toBeUndefined();
    expect(limits.add(['Fix', 'x'.repeat(IMPORT_LIMITS.cellChars)])).toBeUndefined();
    expect(limits.add(['Paint', 'x'.repeat(IMPORT_LIMITS.cellChars + 1)])).toBe(
      '“jobs.csv” has a cell longer than 32,767 characters, in row 3, column B (“Description”): a cell can hold at most 32,767, as in Excel.',
    );
    expect(new TableLimits('h.csv').add(['x'.repeat(40_000)])).toBe('“h.csv” has a cell longer than 32,767 characters, in row 1, column A: a cell can hold at most 32,767, as in Excel.');
  });

  it('takes 50,000 rows under the headings and refuses the next, and refuses a row over 1,000 columns', () => {
    const limits = new TableLimits('jobs.csv');
    limits.add(['Title']);
    const refused = Array.from({ length: IMPORT_LIMITS.rows }, () => limits.add(['Fix'])).filter((refusal) => refusal !== undefined);
    expect(refused).toEqual([]);
    expect(limits.add(['One more'])).toBe('“jobs.csv” has more than 50,000 rows: a file to import can have at most 50,000. Split it into smaller files.');
    expect(new TableLimits('wide.csv').add(Array.from({ length: 1_001 }, () => ''))).toBe(refusals.tooManyColumns('wide.csv', 1));
  });

  it('says a file’s size and the limit in MiB', () => {
    expect(refusals.fileTooLarge('big.csv', 21 * 1024 * 1024)).toBe('“big.csv” is 21 MiB: a file to import can be at most 20 MiB. Split it into smaller files.');
    expect(refusals.inflatedTooLarge('big.xlsx', 150 * 1024 * 1024)).toBe('“big.xlsx” unpacks to 150 MiB: a workbook to import can unpack to at most 100 MiB. Save its first sheet on its own, or as a CSV.');
  });
});

describe('a CSV within the limits', () => {
  it('refuses a field over the cell limit, however the file is quoted, and stops there', () => {
    const field = 'y'.repeat(5_000_000);
    expect(() => parseCsv(`Title,Description\nFix,"${field}"\n${'Next,row\n'.repeat(10)}`, 'quoted.csv')).toThrow(
      '“quoted.csv” has a cell longer than 32,767 characters, in row 2, column B (“Description”)',
    );
    expect(() => parseCsv(`Title;Description\nFix;${field}`, 'bare.csv')).toThrow('“bare.csv” has a cell longer than 32,767 characters, in row 2, column B (“Description”)');
  });

  it('reads 50,000 rows and refuses 50,001, blank lines not counted', () => {
    const csv = (rows: number) => `Title,Pay\n${'Fix,1\n\n'.repeat(rows)}`;
    expect(parseCsv(csv(IMPORT_LIMITS.rows), 'max.csv').rows).toHaveLength(50_000);
    expect(() => parseCsv(csv(IMPORT_LIMITS.rows + 1), 'over.csv')).toThrow('“over.csv” has more than 50,000 rows');
  });

  it('refuses a file over 20 MiB in the worker too, before reading it', async () => {
    const big = new File([new Uint8Array(IMPORT_LIMITS.fileBytes + 1)], 'big.csv');
    Object.defineProperty(big, 'text', { value: () => Promise.reject(new Error('read')) });
    await expect(readCsv(big)).rejects.toThrow('“big.csv” is 20.0 MiB: a file to import can be at most 20 MiB.');
  });
});

describe('a cell that looks like a formula', () => {
  it('is one that starts with =, @, a tab or a carriage return, or + and - before anything but a number or a phone', () => {
    for (const cell of ['=1+1', ' =HYPERLINK("http://x","y")', '@SUM(A1:A9)', '\tsomething', '\r\nx', '+cmd|\' /C calc\'!A0', '-2+3+cmd|\' /C calc\'!A0', '- fix the door', '+A1']) {
      expect(looksLikeFormula(cell), cell).toBe(true);
    }
    for (const cell of ['-12.50', '+1 555 010 0199', '+44 (20) 7946 0958', '-$1,250.00', '-', '5%', 'Fix = replace', 'a@b.example', '', 'Plain text']) {
      expect(looksLikeFormula(cell), cell).toBe(false);
    }
  });

  it('is named by its field on the row, and imported as the text it is', () => {
    const reader = new RowReader(matchColumns(['Title', 'Description', 'Phone', 'Notes']));
    const row = reader.read(['=1+1 swap', '@here', '+1 555 010 0199', '=ignored column'], 2);
    expect(row.formulas).toEqual(['Title', 'Description']);
    expect(row.body).toMatchObject({ title: '=1+1 swap' });
    expect(reader.read(['Swap', '-12.50', '+1 555 010 0199', ''], 3).formulas).toEqual([]);
  });
});
