import type { SavedLocation, SavedLocationCreateBody, SavedLocationUpdateBody } from '../../src-shared/api/location';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke, on } from '../lib/api';

/** Saved locations from the cache (name, address, city, zip), offline too; empty text lists them all. */
export function searchLocations(text: string): Promise<SavedLocation[]> {
  return invoke('locations:search', { text });
}

/** Queued in the outbox like every write: the answer's id is temporary until the marketplace makes it. */
export function createLocation(location: SavedLocationCreateBody): Promise<OutboxReceipt> {
  return invoke('locations:create', { location });
}

export function updateLocation(id: number, changes: SavedLocationUpdateBody): Promise<OutboxReceipt> {
  return invoke('locations:update', { id, changes });
}

export function deleteLocation(id: number): Promise<OutboxReceipt> {
  return invoke('locations:delete', { id });
}

/** Calls `onchange` when saved locations changed (queued, applied, undone or renamed). */
export function followLocationChanges(onchange: (renamed: { from: number; to: number }[]) => void): () => void {
  return on('locations:did-change', (change) => onchange(change.renamed ?? []));
}

/** How many cached orders a location's panel lists; the count covers them all. */
export const LOCATION_ORDERS_SHOWN = 50;

export interface LocationOrdersPage {
  /** The latest scheduled first. */
  orders: WorkOrder[];
  /** Every cached order that uses the location, beyond the ones listed too. */
  total: number;
  /** Of those listed, the ones with a change waiting in the outbox. */
  pending: number[];
}

/** The cached orders that use a saved location (a temporary one too), from the work order list's own query. */
export async function ordersAtLocation(id: number): Promise<LocationOrdersPage> {
  const page = await invoke('workorders:list', { savedLocationId: id, sort: 'schedule', order: 'desc', per_page: LOCATION_ORDERS_SHOWN });
  return { orders: page.results, total: page.total, pending: page.pending };
}
