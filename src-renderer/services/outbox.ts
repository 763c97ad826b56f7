import type { EventPayload } from '../../src-shared/ipc/contract';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import { invoke, on } from '../lib/api';

/** Every entry not applied, oldest first. Only the outbox store reads it (`state/outbox.svelte.ts`). */
export async function listOutbox(): Promise<OutboxEntry[]> {
  return (await invoke('outbox:list')).entries;
}

/** Undo: drops the entry before it is sent, and main undoes its change in the cache. */
export async function discardEntry(entryId: string): Promise<void> {
  await invoke('outbox:discard', { entryId });
}

export async function retryEntry(entryId: string): Promise<void> {
  await invoke('outbox:retry', { entryId });
}

/** Edit and retry: main checks the new input against the entry's channel schema, then sends it again. */
export function editEntry(entryId: string, input: unknown): Promise<OutboxEntry> {
  return invoke('outbox:edit', { entryId, input });
}

export interface OutboxListeners {
  /** Queued, sent, refused or discarded: the counts come with it. */
  changed: (counts: EventPayload<'outbox:changed'>) => void;
  progress: (progress: EventPayload<'upload:progress'>) => void;
}

/** Follows the outbox's events; returns the unsubscribe. */
export function followOutbox(listeners: OutboxListeners): () => void {
  const stops = [on('outbox:changed', listeners.changed), on('upload:progress', listeners.progress)];
  return () => stops.forEach((stop) => stop());
}
