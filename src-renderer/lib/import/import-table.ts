/** A file's first sheet as text: its headings and its rows (empty rows left out). */
export interface ImportTable {
  fileName: string;
  headings: string[];
  rows: string[][];
}

export type ImportKind = 'csv' | 'xlsx';

/** What a file is, by its name (a dragged file's type is often empty or odd). */
export function importKindOf(name: string): ImportKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return undefined;
}
