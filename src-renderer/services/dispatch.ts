import type { ServiceWindowInput } from '../../src-shared/api/schedule';
import type { WorkOrder } from '../../src-shared/api/work-order';
import type { DispatchBoard, DispatchBoardRequest, ScheduleCheck } from '../../src-shared/ipc/dispatch';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke } from '../lib/api';

/**
 * The dispatch board's reads and its one write of its own: the board is read from the cache
 * (`dispatch:board`, offline too), the rows' marketplace schedules fetched by main when online; assign, route and reassign go through the order actions every
 * screen uses, a move in time through `workorders:update` of the schedule.
 */

export function readBoard(request: DispatchBoardRequest): Promise<DispatchBoard> {
  return invoke('dispatch:board', request);
}

/** Asks main to fetch the providers' marketplace schedules not checked lately; answers once stored. */
export function checkSchedules(providerIds: readonly number[]): Promise<ScheduleCheck> {
  return invoke('dispatch:check-schedules', { providerIds: [...providerIds] });
}

/** The cached order whole, for the actions' rules (what its status allows). */
export function readOrder(id: number): Promise<WorkOrder> {
  return invoke('workorders:get', { id });
}

/** Queues the order's new service window in the outbox; the cache shows it at once. */
export function reschedule(id: number, window: ServiceWindowInput): Promise<OutboxReceipt> {
  return invoke('workorders:reschedule', { id, window });
}
