import { AppError } from '../../src-shared/errors';
import type { AttachmentTarget } from '../../src-shared/ipc/contract';
import type { StagedUpload } from '../../src-shared/ipc/file-upload';
import { invoke, uploadFromDisk } from '../lib/api';
import { stagedAnswer, stagingRequest } from '../lib/web-bridge';

/** A browser's copy of a file to the app, under way: its answer, and how to stop it. */
export interface Staging {
  done: Promise<StagedUpload>;
  abort(): void;
}

/**
 * Browser mode: streams the file to the web host's staging with byte progress (fetch cannot report
 * an upload's progress, XMLHttpRequest can). `done` rejects with an AbortError once aborted.
 */
export function stageFile(file: File, onProgress: (sent: number, total: number) => void): Staging {
  const { url, headers } = stagingRequest(file);
  const request = new XMLHttpRequest();
  const done = new Promise<StagedUpload>((resolve, reject) => {
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.responseType = 'json';
    request.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    request.onabort = () => reject(new DOMException('Cancelled', 'AbortError'));
    request.onerror = () => reject(new AppError('IPC_DISCONNECTED'));
    request.onload = () => {
      try {
        resolve(stagedAnswer(request.status === 201, request.response));
      } catch (error) {
        reject(error);
      }
    };
    request.send(file);
  });
  return { done, abort: () => request.abort() };
}

/**
 * Queues a file's upload in the outbox: on the desktop the preload hands main the file (main copies
 * it from disk); in a browser `stage` copies the bytes to the web host first, and nothing is queued
 * when the coordinator no longer `wants` it by then (the staged copy goes with the staging's prune).
 * Answers the entry, or undefined.
 */
export async function queueFile(file: File, target: AttachmentTarget, stage: () => Promise<StagedUpload>, wants: () => boolean): Promise<string | undefined> {
  const fromDisk = uploadFromDisk(file, target);
  if (fromDisk) return (await fromDisk).entryId;
  const { stagedId } = await stage();
  if (!wants()) return undefined;
  return (await invoke('attachments:upload', { ...target, stagedId })).entryId;
}
