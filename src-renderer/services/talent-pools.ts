import type { WorkOrder } from '../../src-shared/api/work-order';
import { statusBySlug } from '../../src-shared/api/status';
import type { ProviderHistory, TalentPoolMember, TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxEntry } from '../../src-shared/ipc/outbox-channels';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke, on } from '../lib/api';

export { editEntry } from './outbox';
export { discardEntry, listOutbox, retryEntry } from './work-order-actions';

/** Groups and their pools with provider counts, from the cache (offline too). */
export function listPools(): Promise<TalentPoolSummary[]> {
  return invoke('talent-pools:list');
}

/** A pool's providers with their profiles and their attributes there, from the cache. */
export function listMembers(poolId: number): Promise<TalentPoolMember[]> {
  return invoke('talent-pools:providers', { poolId });
}

/** This company's own record with a provider, worked out from the cached orders. */
export function providerHistory(providerId: number): Promise<ProviderHistory> {
  return invoke('providers:history', { providerId });
}

export interface MemberRef {
  poolId: number;
  providerId: number;
}

/** Queued in the outbox: creates the named attribute, or changes its value when the provider has one of that name. */
export function setAttribute(member: MemberRef, name: string, value: string): Promise<OutboxReceipt> {
  return invoke('talent-pools:set-attributes', { ...member, attributes: [{ name, value }] });
}

export function deleteAttribute(member: MemberRef, attributeId: string): Promise<OutboxReceipt> {
  return invoke('talent-pools:delete-attribute', { ...member, attributeId });
}

/** The outbox kinds that change a member's attributes. */
export const ATTRIBUTE_KINDS: ReadonlySet<string> = new Set(['talent-pools:set-attributes', 'talent-pools:delete-attribute']);

/** The attribute changes waiting in the outbox (refused ones included), oldest first. */
export function attributeEntries(entries: readonly OutboxEntry[]): OutboxEntry[] {
  return entries.filter((entry) => ATTRIBUTE_KINDS.has(entry.kind));
}

/** The statuses a route can start from (decisions §2): Draft, Published and Routed. */
const ROUTABLE_STATUS_IDS = (['created', 'published', 'routed'] as const).flatMap((slug) => statusBySlug(slug)?.id ?? []);
/** How many orders the route picker lists; the search narrows them. */
export const ROUTABLE_ORDERS_SHOWN = 50;

/** Cached orders a route could start from, soonest scheduled first; the text searches like the list's search box. */
export async function routableOrders(text: string): Promise<{ orders: WorkOrder[]; total: number }> {
  const search = text.trim();
  const page = await invoke('workorders:list', {
    statusIds: ROUTABLE_STATUS_IDS,
    ...(search === '' ? {} : { search }),
    sort: 'schedule',
    order: 'asc',
    per_page: ROUTABLE_ORDERS_SHOWN,
  });
  return { orders: page.results, total: page.total };
}

/**
 * What moves this screen: the outbox (an attribute queued, sent, refused or discarded), the end of
 * a pull (the directory may have brought new pools, members or attributes), and another environment.
 */
export function followChanges(handlers: { onoutbox: () => void; onpulled: () => void; onenvironment: () => void }): () => void {
  let syncing = false;
  let environment: string | undefined;
  const stops = [
    on('outbox:changed', () => handlers.onoutbox()),
    on('sync:progress', (status) => {
      const finished = syncing && status.state !== 'syncing';
      syncing = status.state === 'syncing';
      if (finished) handlers.onpulled();
    }),
    on('environments:did-change', (list) => {
      const active = list.find((candidate) => candidate.active)?.id;
      // Another environment is another cache: its pools are other pools.
      if (environment !== undefined && active !== environment) handlers.onenvironment();
      environment = active;
      handlers.onpulled();
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
