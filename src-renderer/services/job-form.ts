import type { SavedLocation } from '../../src-shared/api/location';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { WorkOrderCreateBody, WorkOrderUpdateBody } from '../../src-shared/api/work-order-requests';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';
import { searchLocations } from './locations';
import { refreshWithin } from './work-order-detail';

/**
 * The job form's calls to main. Every save is queued in the outbox and answered at once, online or
 * not; a new order shows under its temporary id until the marketplace makes it.
 */
/** How long a form waits for the marketplace's latest copy before it opens on the cached one. */
const FRESH_COPY_WAIT_MS = 4_000;

/**
 * The order to edit or copy: the marketplace's latest when it answers soon, else the cache's. A pull
 * stores new orders from their list items (no description, tasks or contacts), and a form that
 * showed those empty would invite the coordinator to type over what is there.
 */
export async function readOrder(id: number): Promise<WorkOrder> {
  if (id > 0) {
    const fresh = await refreshWithin(id, FRESH_COPY_WAIT_MS);
    if (fresh) return fresh.order;
  }
  return invoke('workorders:get', { id });
}

/** A saved location by id from the cache; undefined when the cache does not hold it. */
export async function findSavedLocation(id: number): Promise<SavedLocation | undefined> {
  return (await searchLocations('')).find((location) => location.id === id);
}

export function queueCreate(order: WorkOrderCreateBody): Promise<OutboxReceipt> {
  return invoke('workorders:create', { order });
}

export function queueUpdate(id: number, changes: WorkOrderUpdateBody): Promise<OutboxReceipt> {
  return invoke('workorders:update', { id, changes });
}

/** Behind the save in the order's line, so the marketplace publishes what was just saved. */
export function queuePublish(id: number): Promise<OutboxReceipt> {
  return invoke('workorders:publish', { id });
}
