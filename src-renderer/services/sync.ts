import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
import type { EventPayload } from '../../src-shared/ipc/contract';
import { invoke, on } from '../lib/api';

export function readSyncStatus(): Promise<SyncStatusPayload> {
  return invoke('sync:status');
}

/**
 * Starts a pull with the stored session (main signs in on its own when it must: the local
 * marketplace seeds its demo credentials, a remote one uses its refresh token). Answers at once.
 */
export function syncNow(): Promise<SyncStatusPayload> {
  return invoke('sync:now');
}

export function cancelSync(): Promise<SyncStatusPayload> {
  return invoke('sync:cancel');
}

export function followSyncProgress(listener: (status: SyncStatusPayload) => void): () => void {
  return on('sync:progress', listener);
}

export function readConnectivity(): Promise<ConnectivityStatus> {
  return invoke('connectivity:status');
}

export function setWorkingOffline(offline: boolean): Promise<ConnectivityStatus> {
  return invoke('connectivity:set-offline', { offline });
}

/** The connection's status as main changes it, and the outbox's counts as each of its changes carries them. */
export function followConnectivity(listeners: { status: (status: ConnectivityStatus) => void; counts: (counts: EventPayload<'outbox:changed'>) => void }): () => void {
  const stops = [on('connectivity:did-change', listeners.status), on('outbox:changed', listeners.counts)];
  return () => stops.forEach((stop) => stop());
}
