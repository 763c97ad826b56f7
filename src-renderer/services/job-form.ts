import type { WorkOrder } from '../../src-shared/api/work-order';
import type { WorkOrderCreateBody, WorkOrderUpdateBody } from '../../src-shared/api/work-order-requests';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';

/**
 * The job form's calls to main. Every save is queued in the outbox and answered at once, online or
 * not; a new order shows under its temporary id until the marketplace makes it.
 */
export function readOrder(id: number): Promise<WorkOrder> {
  return invoke('workorders:get', { id });
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
