import type { OrderHistory } from '../../src-shared/ipc/order-history';
import { invoke, on } from '../lib/api';

/** An order's history from main: the cache and the outbox's log, never the network. */
export function readHistory(workOrderId: number): Promise<OrderHistory> {
  return invoke('workorders:history', { workOrderId });
}

/** Told when the outbox changed (an entry queued, applied, refused or dropped); returns the unsubscribe. */
export function followOutboxChanges(listener: () => void): () => void {
  return on('outbox:changed', () => listener());
}
