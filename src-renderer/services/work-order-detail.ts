import type { ProviderHistory, WorkOrderDetail } from '../../src-shared/ipc/channels';
import type { ConnectivityStatus, OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import type { EventPayload } from '../../src-shared/ipc/contract';
import { invoke, on } from '../lib/api';
import { showError } from '../lib/errors';

/**
 * The detail panel's calls to main. Reads come from the cache (`workorders:detail`), except the
 * refresh an opened order asks for; writes go to the outbox and answer at once.
 */
export function readDetail(id: number): Promise<WorkOrderDetail> {
  return invoke('workorders:detail', { id });
}

export function refreshDetail(id: number): Promise<WorkOrderDetail> {
  return invoke('workorders:refresh', { id });
}

/** The outbox entries of one order, oldest first: what "Pending" and a refusal are made of. */
export async function listOrderEntries(id: number): Promise<OutboxEntry[]> {
  const { entries } = await invoke('outbox:list');
  return entries.filter((entry) => entry.workOrderId === id);
}

export function readProviderHistory(providerId: number): Promise<ProviderHistory> {
  return invoke('providers:history', { providerId });
}

export function readConnectivity(): Promise<ConnectivityStatus> {
  return invoke('connectivity:status');
}

/**
 * Runs a write; a refusal by main (bad input, a closing app) is toasted. Success is not: the panel
 * shows the queued change where it belongs at once (a pending message, problem or swap answer).
 */
async function queue(write: () => Promise<unknown>, failed: string): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    showError(error, failed);
    return false;
  }
}

export function sendMessage(workOrderId: number, message: string, parentId?: number): Promise<boolean> {
  return queue(() => invoke('messages:send', { workOrderId, message, parentId }), 'The message could not be queued.');
}

export function reportProblem(workOrderId: number, problemTypeId: number, comments?: string): Promise<boolean> {
  return queue(() => invoke('problems:report', { workOrderId, problemTypeId, comments: comments || undefined }), 'The problem could not be queued.');
}

export function answerSwap(workOrderId: number, swapId: string, accept: boolean): Promise<boolean> {
  return queue(() => invoke(accept ? 'swaps:accept' : 'swaps:decline', { workOrderId, swapId }), 'The swap answer could not be queued.');
}

export interface DetailListeners {
  orders: (change: EventPayload<'workorders:did-change'>) => void;
  outbox: () => void;
  connectivity: (status: ConnectivityStatus) => void;
}

/** Follows what may make the open order stale; returns the unsubscribe. */
export function followDetail(listeners: DetailListeners): () => void {
  const stops = [on('workorders:did-change', listeners.orders), on('outbox:changed', listeners.outbox), on('connectivity:did-change', listeners.connectivity)];
  return () => stops.forEach((stop) => stop());
}
