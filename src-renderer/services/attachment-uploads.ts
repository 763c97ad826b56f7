import { ATTACHMENT_MAX_BYTES, safeDisplayName } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import type { StagedUpload } from '../../src-shared/ipc/file-upload';
import { invoke, isDesktop, on, uploadFromDisk } from '../lib/api';
import { formatBytes } from '../lib/format';
import { stagedAnswer, stagingRequest } from '../lib/web-bridge';
import { connectivity } from '../state/connectivity.svelte';
import { toasts } from '../lib/toasts.svelte';
import { uploads, type UploadRow } from '../state/uploads.svelte';
import { messageOf } from '../lib/errors';

/** Browser mode's copies under way, by row: Cancel aborts them. */
const staging = new Map<number, XMLHttpRequest>();

const offline = () => connectivity.status !== undefined && connectivity.status.state !== 'online';

/** The sentence a file over the limit gets, before a byte of it leaves. */
export function tooLargeMessage(name: string, size: number): string {
  return `${name} is ${formatBytes(size)}, larger than the ${formatBytes(ATTACHMENT_MAX_BYTES)} the marketplace accepts; it was not sent.`;
}

/**
 * Attaches files to an order's folder. Each gets a row at once; one over the size limit is refused
 * there and then. On the desktop the preload hands the file to main, which copies it from disk; in
 * a browser the bytes stream to the web host first, with progress. Then the outbox queues it and
 * sends it when it can.
 */
export function attachFiles(workOrderId: number, folderId: number, files: readonly File[]): void {
  for (const file of files) {
    const name = safeDisplayName(file.name);
    const base = { workOrderId, folderId, name, size: file.size, sent: 0, total: file.size };
    if (file.size > ATTACHMENT_MAX_BYTES) {
      uploads.add({ ...base, phase: 'refused', message: tooLargeMessage(name, file.size), retryable: false });
      continue;
    }
    const row = uploads.add({ ...base, phase: isDesktop() ? 'queued' : 'staging' });
    void queue(row, file);
  }
}

/** The desktop copies from disk in main; a browser sends the bytes to the web host first. */
async function queueFile(row: UploadRow, file: File): Promise<string | undefined> {
  const target = { workOrderId: row.workOrderId, folderId: row.folderId };
  const fromDisk = uploadFromDisk(file, target);
  if (fromDisk) return (await fromDisk).entryId;
  const { stagedId } = await stage(row, file);
  if (!uploads.rows.some((candidate) => candidate.id === row.id)) return undefined;
  return (await invoke('attachments:upload', { ...target, stagedId })).entryId;
}

async function queue(row: UploadRow, file: File): Promise<void> {
  try {
    const entryId = await queueFile(row, file);
    if (entryId === undefined) return;
    // Cancelled while the outbox was taking it: take it out again.
    if (!uploads.rows.some((candidate) => candidate.id === row.id)) return void (await invoke('outbox:discard', { entryId }).catch(() => undefined));
    // The upload may have finished before this answer: the next outbox read says so.
    uploads.update(row.id, { entryId, phase: offline() ? 'waiting' : 'queued', sent: 0, total: row.size });
    await readOutbox();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    const message = messageOf(error, `${row.name} could not be attached.`);
    uploads.update(row.id, { phase: 'refused', message, retryable: false });
  }
}

/** Streams the file to the web host's staging with byte progress (fetch cannot report an upload's progress). */
function stage(row: UploadRow, file: File): Promise<StagedUpload> {
  const { url, headers } = stagingRequest(file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    staging.set(row.id, request);
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => uploads.update(row.id, { sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    request.onabort = () => reject(new DOMException('Cancelled', 'AbortError'));
    request.onerror = () => reject(new AppError('IPC_DISCONNECTED'));
    request.onload = () => {
      try {
        resolve(stagedAnswer(request.status === 201, request.response));
      } catch (error) {
        reject(error);
      }
    };
    request.onloadend = () => staging.delete(row.id);
    request.send(file);
  });
}

async function readOutbox(): Promise<void> {
  try {
    const { entries } = await invoke('outbox:list');
    uploads.reconcile(entries, offline());
  } catch {
    // The next outbox:changed reads again.
  }
}

/** Cancel: stops the copy to the app, or takes the file out of the outbox (a send on the wire is cut). */
export async function cancelUpload(row: UploadRow): Promise<void> {
  const request = staging.get(row.id);
  if (request) {
    request.abort();
    uploads.remove(row.id);
    return;
  }
  if (!row.entryId) {
    uploads.remove(row.id);
    return;
  }
  try {
    await invoke('outbox:discard', { entryId: row.entryId });
    uploads.remove(row.id);
  } catch (error) {
    // Sent meanwhile: the outbox has nothing left to discard, and the file is on the marketplace.
    if (error instanceof AppError && error.code === 'OUTBOX_ENTRY_NOT_FOUND') return void readOutbox();
    toasts.show({ tone: 'danger', message: messageOf(error, `${row.name} could not be cancelled.`) });
  }
}

/** Retry a refusal the outbox holds: it goes back to the front of its line. */
export async function retryUpload(row: UploadRow): Promise<void> {
  if (!row.entryId) return;
  try {
    await invoke('outbox:retry', { entryId: row.entryId });
    uploads.update(row.id, { phase: 'queued', message: undefined });
  } catch (error) {
    toasts.show({ tone: 'danger', message: messageOf(error, `${row.name} could not be retried.`) });
  }
}

/** A finished or refused row goes from the list (a refusal in the outbox is discarded with it). */
export async function dismissUpload(row: UploadRow): Promise<void> {
  if (row.phase === 'refused' && row.entryId) return cancelUpload(row);
  uploads.remove(row.id);
}

/** Follows the outbox while an Attachments section is on screen; answers the cleanup. */
export function followUploads(): () => void {
  void readOutbox();
  const stops = [
    on('upload:progress', ({ entryId, sent, total }) => {
      const row = uploads.byEntry(entryId);
      if (row && row.phase !== 'done') uploads.update(row.id, { phase: sent >= total ? row.phase : 'sending', sent, total });
    }),
    on('outbox:changed', () => void readOutbox()),
    on('connectivity:did-change', () => void readOutbox()),
  ];
  return () => stops.forEach((stop) => stop());
}
