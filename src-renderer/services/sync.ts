import type { SyncStatusPayload } from '../../src-shared/ipc/channels';
import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
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

export function followConnectivity(listener: (status: ConnectivityStatus) => void): () => void {
  const stops = [on('connectivity:did-change', listener), on('outbox:changed', () => void readConnectivity().then(listener, () => {}))];
  return () => stops.forEach((stop) => stop());
}
