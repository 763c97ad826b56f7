import Papa from 'papaparse';
import { TableLimits } from '../../../src-shared/domain/import-limits';
import { checkSize, ImportRefusal } from './import-reader';
import type { ImportTable } from './import-table';

/**
 * CSV text as a table. Papaparse guesses the delimiter (commas, semicolons, tabs) and hands over a
 * row at a time, so a file stops being read at the first row over a limit (a 20 MiB field, or row
 * 50,001) instead of being held whole.
 */
export function parseCsv(text: string, fileName = 'file.csv'): ImportTable {
  const limits = new TableLimits(fileName);
  const rows: string[][] = [];
  let refusal: string | undefined;
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      refusal = limits.add(result.data);
      if (refusal === undefined) rows.push(result.data);
      else parser.abort();
    },
  });
  if (refusal !== undefined) throw new ImportRefusal(refusal);
  const [headings = [], ...data] = rows;
  return { fileName, headings: headings.map((heading) => heading.trim()), rows: data };
}

/** A picked or dropped CSV, read as UTF-8 (the byte order mark left out). */
export async function readCsv(file: File): Promise<ImportTable> {
  checkSize(file);
  return parseCsv(await file.text(), file.name);
}
