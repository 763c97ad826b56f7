/**
 * What the app writes for the coordinator to keep (the list as CSV or xlsx, an Insights table, a
 * deliverables folder as a zip): its kinds, its bounds and its name. One rule both sides need: the
 * renderer names the file, main checks the name before a Save dialog shows it.
 */
export const EXPORT_KINDS = {
  csv: { extension: '.csv', mime: 'text/csv;charset=utf-8', label: 'CSV' },
  xlsx: { extension: '.xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel (xlsx)' },
  zip: { extension: '.zip', mime: 'application/zip', label: 'Zip' },
} as const;
export type ExportKind = keyof typeof EXPORT_KINDS;

/**
 * The most bytes a file made on the page may be: a list of 100,000 orders is an estimated 15 MiB of CSV;
 * past this the desktop's IPC and a browser's download would hold too much at once.
 */
export const EXPORT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The most rows a list export writes. An xlsx of more rows than this needs gigabytes to build, and
 * Excel itself stops at 1,048,576; the coordinator is asked to narrow the list first.
 */
export const EXPORT_MAX_ROWS = 250_000;

/** A zip holds at most this many files and bytes (a folder of deliverables; no ZIP64 needed under 4 GiB). */
export const ZIP_MAX_ENTRIES = 1_000;
export const ZIP_MAX_BYTES = 2 * 1024 * 1024 * 1024;

const EXTENSION = /\.(csv|xlsx|zip)$/i;

/** The kind a file name ends with, if it is one the app writes. */
export function exportKindOf(name: string): ExportKind | undefined {
  const match = EXTENSION.exec(name);
  return match ? (match[1]?.toLowerCase() as ExportKind) : undefined;
}

/**
 * A file name for an export: the words given, lowercase letters, digits and dashes only, the date,
 * the kind's extension ("work-orders-published-2026-11-27.csv"). Nothing a coordinator typed can
 * make it a path or hide its extension.
 */
export function exportFileName(words: string, kind: ExportKind, day: Date = new Date()): string {
  const stem =
    words
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'export';
  const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
  return `${stem}-${date}${EXPORT_KINDS[kind].extension}`;
}

/** A folder's zip's name, from its order ("WO 1042 Deliverables.zip"). */
export function folderZipName(workOrderId: number): string {
  return `WO ${workOrderId} Deliverables.zip`;
}
