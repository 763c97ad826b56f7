import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { invoke, on } from '../lib/api';

export { discardEntry, listOutbox, retryEntry } from './work-order-actions';

/** Edit and retry: main checks the new input against the entry's channel schema, then sends it again. */
export function editEntry(entryId: string, input: unknown): Promise<OutboxEntry> {
  return invoke('outbox:edit', { entryId, input });
}

/** Every change of the outbox (queued, sent, refused, discarded): the list is read again. */
export function followOutboxChanges(listener: () => void): () => void {
  return on('outbox:changed', () => listener());
}

export function followUploadProgress(listener: (progress: { entryId: string; sent: number; total: number }) => void): () => void {
  return on('upload:progress', listener);
}
