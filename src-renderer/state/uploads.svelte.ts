import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';

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

/**
 * The files this window is uploading, with their progress, app-wide: an upload keeps going when
 * the coordinator opens another order, and its row is there on coming back. The service
 * (`services/attachment-uploads.ts`) drives it from the page's staging and the outbox's events.
 */
class UploadsState {
  rows = $state.raw<UploadRow[]>([]);
  #next = 1;

  forFolder(workOrderId: number, folderId: number): UploadRow[] {
    return this.rows.filter((row) => row.workOrderId === workOrderId && row.folderId === folderId);
  }

  add(row: Omit<UploadRow, 'id'>): UploadRow {
    const added = { ...row, id: this.#next++ };
    this.rows = [...this.rows, added];
    return added;
  }

  update(id: number, change: Partial<Omit<UploadRow, 'id'>>): void {
    this.rows = this.rows.map((row) => (row.id === id ? { ...row, ...change } : row));
  }

  remove(id: number): void {
    this.rows = this.rows.filter((row) => row.id !== id);
  }

  byEntry(entryId: string): UploadRow | undefined {
    return this.rows.find((row) => row.entryId === entryId);
  }

  /** Reconciles rows in the outbox with its list: sent ones are done, refused ones say why. */
  reconcile(entries: readonly OutboxEntry[], offline: boolean): void {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    this.rows = this.rows.map((row) => {
      if (!row.entryId || row.phase === 'done' || row.phase === 'staging') return row;
      const entry = byId.get(row.entryId);
      const { phase, message } = phaseOf(entry, offline);
      if (phase === row.phase && message === row.message) return row;
      const sent = phase === 'done' ? row.total : (entry?.upload?.sent ?? row.sent);
      return { ...row, phase, message, sent, total: entry?.upload?.total ?? row.total, retryable: phase === 'refused' };
    });
  }
}

export const uploads = new UploadsState();
