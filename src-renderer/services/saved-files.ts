import { EXPORT_KINDS, exportFileName, exportKindOf } from '../../src-shared/domain/export-files';
import { AppError } from '../../src-shared/errors';
import { DELIVERABLES_ZIP_PATH, type FolderRef, type FolderZip } from '../../src-shared/ipc/deliverables';
import { invoke, isDesktop } from '../lib/api';
import { messageOf } from '../lib/errors';
import { csvBytes, type TextTable } from '../lib/export/table-writers';
import { downloadBlob, fetchFromHost } from '../lib/host-files';
import { toasts } from '../lib/toasts.svelte';

/**
 * Files the app makes for the coordinator to keep, one way in both hosts: the desktop shows the
 * native Save dialog in main (`files:save`, `deliverables:save-zip`); the browser downloads the
 * bytes itself through an object URL. Answers whether the file was saved (false: the dialog closed).
 */
export async function saveFile(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (isDesktop()) return (await invoke('files:save', { name, bytes })).saved;
  const kind = exportKindOf(name);
  downloadBlob(new Blob([bytes], { type: kind ? EXPORT_KINDS[kind].mime : 'application/octet-stream' }), name);
  return true;
}

/**
 * One order's folder as a zip: main fetches what it lacks, then the desktop saves through its
 * dialog, and the browser reads the zip main streams from its cache. Answers what the zip holds and
 * what it could not include.
 */
export async function saveFolderZip(ref: FolderRef): Promise<FolderZip & { saved: boolean }> {
  if (isDesktop()) return invoke('deliverables:save-zip', ref);
  const prepared = await invoke('deliverables:prepare-zip', ref);
  if (prepared.included.length === 0) return { ...prepared, saved: false };
  downloadBlob(await readZip(ref), prepared.fileName);
  return { ...prepared, saved: true };
}

async function readZip(ref: FolderRef): Promise<Blob> {
  const response = await fetchFromHost(DELIVERABLES_ZIP_PATH, ref);
  try {
    // A Blob, not an ArrayBuffer: Chromium keeps a large one on disk rather than in the page's memory.
    // An opaque type: the browser saves it, never opens it.
    return new Blob([await response.blob()], { type: 'application/zip' });
  } catch {
    throw new AppError('IPC_DISCONNECTED');
  }
}

/** A small table on screen (an Insights figure's) saved as CSV under a name made of `words`, said in a toast. */
export async function exportTableCsv(words: string, table: TextTable): Promise<void> {
  const name = exportFileName(words, 'csv');
  try {
    if (await saveFile(name, csvBytes(table))) toasts.show({ tone: 'success', message: `Exported ${name}` });
  } catch (error) {
    toasts.show({ tone: 'danger', message: messageOf(error, `${name} could not be saved.`) });
  }
}

/** "Download as zip" with what it did said in a toast: saved (and which files it could not include), or why not. */
export async function downloadFolderZip(ref: FolderRef): Promise<void> {
  try {
    const zip = await saveFolderZip(ref);
    const left = zip.missing.map((file) => file.name).join(', ');
    const reason = zip.missing[0]?.reason ?? '';
    if (zip.included.length === 0) {
      const message = zip.missing.length === 0 ? 'That folder has no uploaded file to zip.' : `No file of that folder could be zipped: ${left}. ${reason}`;
      toasts.show({ tone: 'danger', message });
      return;
    }
    if (!zip.saved) return;
    const files = `${zip.included.length} ${zip.included.length === 1 ? 'file' : 'files'}`;
    if (zip.missing.length === 0) toasts.show({ tone: 'success', message: `Saved ${zip.fileName} (${files})` });
    else toasts.show({ tone: 'danger', durationMs: 12_000, message: `Saved ${zip.fileName} with ${files}; left out: ${left}. ${reason}` });
  } catch (error) {
    toasts.show({ tone: 'danger', message: messageOf(error, 'The folder could not be zipped.') });
  }
}
