import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import { invoke, on } from '../lib/api';

export function readSyncStatus(): Promise<SyncStatusPayload> {
  return invoke('sync:status');
}

/** Signs in to the active environment; main starts a pull after it (the local marketplace needs no credentials). */
export async function signIn(): Promise<void> {
  await invoke('session:sign-in', {});
}

export function followSyncProgress(listener: (status: SyncStatusPayload) => void): () => void {
  return on('sync:progress', listener);
}
