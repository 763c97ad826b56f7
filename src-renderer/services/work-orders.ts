import type { SavedView, WorkOrderListRequest, WorkOrderPage } from '../../src-shared/ipc/channels';
import type { Client } from '../../src-shared/api/client';
import { invoke, on } from '../lib/api';

/**
 * The work order list's calls to main. Every read comes from the local cache (milliseconds, never
 * the network); the list state decides what to do with the answers.
 */
export function listWorkOrders(query: WorkOrderListRequest): Promise<WorkOrderPage> {
  return invoke('workorders:list', query);
}

export type SavedViewQuery = SavedView['query'];

export function listSavedViews(): Promise<SavedView[]> {
  return invoke('views:list');
}

export function saveView(name: string, query: SavedViewQuery): Promise<SavedView> {
  return invoke('views:save', { name, query });
}

export async function deleteView(id: number): Promise<void> {
  await invoke('views:delete', { id });
}

export interface FilterOption {
  id: number;
  name: string;
}

export async function listClientOptions(): Promise<FilterOption[]> {
  const clients: Client[] = await invoke('clients:list');
  return clients.map((client) => ({ id: client.id, name: client.name ?? `Client ${client.id}` })).sort(byName);
}

export async function listTypeOfWorkOptions(): Promise<FilterOption[]> {
  const answer = await invoke('reference:get', { kind: 'types-of-work' });
  if (answer.kind !== 'types-of-work') return [];
  return answer.entries.map((entry) => ({ id: entry.id, name: entry.name ?? `Type ${entry.id}` })).sort(byName);
}

function byName(a: FilterOption, b: FilterOption): number {
  return a.name.localeCompare(b.name);
}

/**
 * Calls `onchange` whenever what the list shows may be stale: orders changed in the cache (a pull,
 * a queued write, a rename) or the outbox moved (pending marks). Returns the unsubscribe.
 */
export function followWorkOrderChanges(onchange: () => void): () => void {
  const stops = [on('workorders:did-change', onchange), on('outbox:changed', onchange)];
  return () => stops.forEach((stop) => stop());
}

/** How many cached orders need the coordinator now: one row asked for, only the count used. */
export async function countNeedingAttention(): Promise<number> {
  const page = await invoke('workorders:list', { attention: true, per_page: 1 });
  return page.attentionCount;
}

export async function listProjectOptions(clientId?: number): Promise<FilterOption[]> {
  const projects = await invoke('projects:list', clientId === undefined ? {} : { clientId });
  return projects.map((project) => ({ id: project.id, name: project.name ?? `Project ${project.id}` })).sort(byName);
}

export function listManagerOptions(): Promise<FilterOption[]> {
  return invoke('managers:list');
}
