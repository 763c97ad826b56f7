import { ATTACHMENT_MAX_BYTES, safeDisplayName } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { isDesktop } from '../lib/api';
import { messageOf, showError } from '../lib/errors';
import { formatBytes } from '../lib/format';
import { queueFile, stageFile, type Staging } from '../services/attachment-uploads';
import { discardEntry, retryEntry } from '../services/outbox';
import { connectivity } from './connectivity.svelte';
import { outbox } from './outbox.svelte';

/**
 * Where one file stands, from the drop to the marketplace:
 * - `staging`: browser mode only, its bytes going to the app (the web host's staging);
 * - `queued`: in the outbox, next to go; `waiting`: in the outbox while offline or signed out;
 * - `sending`: on the wire to the marketplace;
 * - `done`: the marketplace has it; `refused`: refused (too large at once, or by the marketplace).
 */
export type UploadPhase = 'staging' | 'queued' | 'waiting' | 'sending' | 'done' | 'refused';

export interface UploadRow {
  /** Local to this window. */
  id: number;
  workOrderId: number;
  folderId: number;
  name: string;
  size: number;
  phase: UploadPhase;
  /** Bytes of the current step: staging to the app, or sending to the marketplace. */
  sent: number;
  total: number;
  /** Why it was refused, in words for the coordinator. */
  message?: string;
  /** The outbox entry once queued: progress events and Retry/Discard name it. */
  entryId?: string;
  /** A refusal the outbox holds (Retry makes sense), or one made here before anything was sent. */
  retryable?: boolean;
}

/** What the outbox says about an entry, as a phase (and the refusal's message). */
export function phaseOf(entry: OutboxEntry | undefined, offline: boolean): { phase: UploadPhase; message?: string } {
  if (!entry) return { phase: 'done' };
  if (entry.state === 'sending') return { phase: 'sending' };
  if (entry.state === 'refused') return { phase: 'refused', message: entry.error?.message ?? 'The marketplace refused the file.' };
  return { phase: offline || entry.state === 'held' ? 'waiting' : 'queued' };
}

/** The sentence a file over the limit gets, before a byte of it leaves. */
export function tooLargeMessage(name: string, size: number): string {
  return `${name} is ${formatBytes(size)}, larger than the ${formatBytes(ATTACHMENT_MAX_BYTES)} the marketplace accepts; it was not sent.`;
}

const offline = () => connectivity.offline;

/**
 * The files this window is uploading, app-wide: an upload keeps going when the coordinator opens
 * another order, and its row is there on coming back. A row follows its file from the drop to the
 * marketplace: the browser's copy to the app, then the outbox entry as the order's detail reads it
 * (`reconcile`), with the bytes on the wire from the outbox store's progress.
 */
class UploadsState {
  rows = $state.raw<UploadRow[]>([]);
  #next = 1;
  /** Browser mode's copies under way, by row: Cancel aborts them. */
  readonly #staging = new Map<number, Staging>();

  forFolder(workOrderId: number, folderId: number): UploadRow[] {
    return this.rows.filter((row) => row.workOrderId === workOrderId && row.folderId === folderId);
  }

  /** The row with the bytes of its send as main last reported them. */
  withProgress(row: UploadRow): UploadRow {
    const progress = row.entryId && row.phase !== 'done' ? outbox.progress[row.entryId] : undefined;
    if (!progress) return row;
    return { ...row, phase: progress.sent < progress.total && row.phase !== 'refused' ? 'sending' : row.phase, sent: progress.sent, total: progress.total };
  }

  /** Attaches files to an order's folder: each gets a row at once, and one over the limit is refused there and then. */
  attach(workOrderId: number, folderId: number, files: readonly File[]): void {
    for (const file of files) {
      const name = safeDisplayName(file.name);
      const base = { workOrderId, folderId, name, size: file.size, sent: 0, total: file.size };
      if (file.size > ATTACHMENT_MAX_BYTES) {
        this.#add({ ...base, phase: 'refused', message: tooLargeMessage(name, file.size), retryable: false });
        continue;
      }
      const row = this.#add({ ...base, phase: isDesktop() ? 'queued' : 'staging' });
      void this.#queue(row, file);
    }
  }

  /** Cancel: stops the copy to the app, or takes the file out of the outbox (a send on the wire is cut). */
  async cancel(row: UploadRow): Promise<void> {
    const staging = this.#staging.get(row.id);
    if (staging || !row.entryId) {
      staging?.abort();
      this.#remove(row.id);
      return;
    }
    try {
      await discardEntry(row.entryId);
      this.#remove(row.id);
    } catch (error) {
      // Sent meanwhile: the outbox has nothing left to discard, and the file is on the marketplace.
      if (error instanceof AppError && error.code === 'OUTBOX_ENTRY_NOT_FOUND') return this.#update(row.id, { phase: 'done', sent: row.total });
      showError(error, `${row.name} could not be cancelled.`);
    }
  }

  /** Retry a refusal the outbox holds: it goes back to the front of its line. */
  async retry(row: UploadRow): Promise<void> {
    if (!row.entryId) return;
    try {
      await retryEntry(row.entryId);
      this.#update(row.id, { phase: 'queued', message: undefined });
    } catch (error) {
      showError(error, `${row.name} could not be retried.`);
    }
  }

  /** A finished or refused row goes from the list (a refusal in the outbox is discarded with it). */
  async dismiss(row: UploadRow): Promise<void> {
    if (row.phase === 'refused' && row.entryId) return this.cancel(row);
    this.#remove(row.id);
  }

  /** An order's rows as its outbox entries are now (its detail read them): sent ones are done, refused ones say why. */
  reconcile(workOrderId: number, entries: readonly OutboxEntry[], offlineNow: boolean): void {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    this.rows = this.rows.map((row) => {
      if (row.workOrderId !== workOrderId || !row.entryId || row.phase === 'done' || row.phase === 'staging') return row;
      const entry = byId.get(row.entryId);
      const { phase, message } = phaseOf(entry, offlineNow);
      if (phase === row.phase && message === row.message) return row;
      const sent = phase === 'done' ? row.total : (entry?.upload?.sent ?? row.sent);
      return { ...row, phase, message, sent, total: entry?.upload?.total ?? row.total, retryable: phase === 'refused' };
    });
  }

  async #queue(row: UploadRow, file: File): Promise<void> {
    const wanted = () => this.rows.some((candidate) => candidate.id === row.id);
    const stage = () => {
      const staging = stageFile(file, (sent, total) => this.#update(row.id, { sent, total }));
      this.#staging.set(row.id, staging);
      return staging.done.finally(() => this.#staging.delete(row.id));
    };
    try {
      const entryId = await queueFile(file, { workOrderId: row.workOrderId, folderId: row.folderId }, stage, wanted);
      if (entryId === undefined) return;
      // Cancelled while the outbox was taking it: take it out again.
      if (!wanted()) return void (await discardEntry(entryId).catch(() => undefined));
      this.#update(row.id, { entryId, phase: offline() ? 'waiting' : 'queued', sent: 0, total: row.size });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      this.#update(row.id, { phase: 'refused', message: messageOf(error, `${row.name} could not be attached.`), retryable: false });
    }
  }

  #add(row: Omit<UploadRow, 'id'>): UploadRow {
    const added = { ...row, id: this.#next++ };
    this.rows = [...this.rows, added];
    return added;
  }

  #update(id: number, change: Partial<Omit<UploadRow, 'id'>>): void {
    this.rows = this.rows.map((row) => (row.id === id ? { ...row, ...change } : row));
  }

  #remove(id: number): void {
    this.rows = this.rows.filter((row) => row.id !== id);
  }
}

export const uploads = new UploadsState();
