import type { WorkOrder } from '../../src-shared/api/work-order';
import { statusBySlug } from '../../src-shared/api/status';
import type { ProviderHistory, TalentPoolMember, TalentPoolSummary } from '../../src-shared/ipc/channels';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { invoke, on } from '../lib/api';

import type { MemberRef } from '../lib/talent-pool-rows';

export type { MemberRef };

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

/** Queued in the outbox: creates the named attribute, or changes its value when the provider has one of that name. */
export function setAttribute(member: MemberRef, name: string, value: string): Promise<OutboxReceipt> {
  return invoke('talent-pools:set-attributes', { ...member, attributes: [{ name, value }] });
}

export function deleteAttribute(member: MemberRef, attributeId: string): Promise<OutboxReceipt> {
  return invoke('talent-pools:delete-attribute', { ...member, attributeId });
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
 * What moves this screen besides the outbox: the end of a pull (the directory may have brought new
 * pools, members or attributes), and another environment.
 */
export function followChanges(handlers: { onpulled: () => void; onenvironment: () => void }): () => void {
  let syncing = false;
  let environment: string | undefined;
  const stops = [
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
