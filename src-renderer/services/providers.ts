import type { ProviderProfile } from '../../src-shared/api/provider';
import type { FindProvidersRequest, FoundProviders, ProviderCandidate } from '../../src-shared/ipc/find-provider';
import { invoke } from '../lib/api';

import type { ProviderOption } from '../lib/provider-choices';

export type { ProviderOption };

const nameOf = (provider: ProviderProfile) => [provider.first_name, provider.last_name].filter(Boolean).join(' ') || `Provider ${provider.id}`;

/**
 * The providers this company knows: the members of its talent pools, from the cache (works
 * offline). A provider in several pools appears once, with every pool named.
 */
export async function listKnownProviders(): Promise<ProviderOption[]> {
  const pools = await invoke('talent-pools:list');
  const members = await Promise.all(pools.map(async (pool) => ({ pool, members: await invoke('talent-pools:providers', { poolId: pool.id }) })));
  const byId = new Map<number, ProviderOption>();
  for (const { pool, members: list } of members) {
    for (const { provider } of list) {
      const known = byId.get(provider.id);
      const poolName = pool.name ?? pool.group.name ?? `Pool ${pool.id}`;
      if (known) known.pools.push(poolName);
      else
        byId.set(provider.id, {
          id: provider.id,
          name: nameOf(provider),
          place: [provider.city, provider.state].filter(Boolean).join(', '),
          stars: provider.rating?.my_company?.stars ?? provider.rating?.marketplace?.stars ?? undefined,
          pools: [poolName],
        });
    }
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Who could take an order: nearby on the marketplace (the last search, offline) and the cache's own. */
export function findProviders(request: FindProvidersRequest): Promise<FoundProviders> {
  return invoke('providers:find', request);
}

/** One provider by id, from the marketplace now. */
export function lookUpProvider(workOrderId: number, providerId: number): Promise<ProviderCandidate> {
  return invoke('providers:lookup', { workOrderId, providerId });
}
