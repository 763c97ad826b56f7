import type { ExportRow } from '../../../src-shared/ipc/work-order-export';
import { formatLocation, formatPay, formatScheduleStart, formatStatus, providerName } from '../format';

/**
 * The work order list's columns as an export writes them: the table's own columns, in its order
 * (WorkOrderTable.svelte), each cell formatted as the row shows it (WorkOrderRow.svelte). Where
 * the row shows "—" for nothing the file has an empty cell, which a sheet can filter on.
 */
export const LIST_COLUMNS = ['ID', 'Title', 'Status', 'Starts (local)', 'Location', 'Client', 'Provider', 'Pay'];

export function listRowCells(order: ExportRow): string[] {
  return [
    String(order.id),
    order.title ?? '',
    formatStatus(order.status),
    formatScheduleStart(order)?.text ?? '',
    formatLocation(order.location),
    order.client?.name ?? '',
    providerName(order.assignee),
    formatPay(order.pay),
  ];
}
