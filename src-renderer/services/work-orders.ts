import type { SavedView, WorkOrderListRequest, WorkOrderPage } from '../../src-shared/ipc/channels';
import type { ExportIds, ExportRow } from '../../src-shared/ipc/work-order-export';
import { invoke } from '../lib/api';

/**
 * The work order list's calls to main. Every read comes from the local cache (milliseconds, never
 * the network); the list state decides what to do with the answers.
 */
export function listWorkOrders(query: WorkOrderListRequest): Promise<WorkOrderPage> {
  return invoke('workorders:list', query);
}

export type SavedViewQuery = SavedView['query'];

/** Every cached order's id the view matches, in its order (the export's first read). */
export function exportIds(query: SavedViewQuery): Promise<ExportIds> {
  return invoke('workorders:export-ids', query);
}

/** The list's columns of these orders, in the order given (at most EXPORT_ROWS_PER_CALL). */
export async function exportRows(ids: number[]): Promise<ExportRow[]> {
  return (await invoke('workorders:export-rows', { ids })).rows;
}

export function listSavedViews(): Promise<SavedView[]> {
  return invoke('views:list');
}

export function saveView(name: string, query: SavedViewQuery): Promise<SavedView> {
  return invoke('views:save', { name, query });
}

export async function deleteView(id: number): Promise<void> {
  await invoke('views:delete', { id });
}

/** The navigation's counts (orders needing attention, files waiting for review): one row asked for, only the counts used. */
export async function countBadges(): Promise<Pick<WorkOrderPage, 'attentionCount' | 'deliverablesWaiting' | 'inboxUnread'>> {
  // Every list answer carries the counts; the all-orders list is the cheapest to ask (a page of the
  // needs-attention view sorted its whole set: 170-260 ms at a million orders, timed once by hand, at every start).
  const { attentionCount, deliverablesWaiting, inboxUnread } = await invoke('workorders:list', { per_page: 1 });
  return { attentionCount, deliverablesWaiting, inboxUnread };
}
