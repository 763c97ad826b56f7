import { unlessNotFound } from '../api-client/api-error';
import type { MarketplaceClient } from '../api-client/marketplace-client';
import { listItems } from '../../src-shared/api/common';
import type { SavedLocation } from '../../src-shared/api/location';
import type { ClientRepository, PulledClient } from '../db/client-repository';
import type { DirectoryStateRepository } from '../db/directory-state-repository';
import type { SavedLocationRepository } from '../db/saved-location-repository';
import type { PulledGroup, PulledMember, TalentPoolRepository } from '../db/talent-pool-repository';
import { forEachConcurrently } from './concurrency';
import type { PullStepOptions } from './pull-step';

type Company = MarketplaceClient['company'];

/** The cache the directory pull fills: what the company keeps beside its work orders. */
export interface DirectoryCache {
  locations: SavedLocationRepository;
  clients: ClientRepository;
  talentPools: TalentPoolRepository;
  state: DirectoryStateRepository;
}

/**
 * Directory data changes more often than reference lists (a coordinator adds a saved location or a
 * client in the web application) but far less than work orders: an hour keeps the timed pull cheap.
 */
export const DIRECTORY_MAX_AGE_MS = 60 * 60 * 1000;
/** The most the service answers per page of saved locations (decisions §3). */
const LOCATIONS_PER_PAGE = 100;
/** The local marketplace's cap per page of attributes; a provider has a handful in practice. */
const ATTRIBUTES_LIMIT = 1000;

export interface DirectoryPullOptions extends PullStepOptions {
  company: Company;
  cache: DirectoryCache;
}

interface Part {
  name: string;
  pull: (options: DirectoryPullOptions) => Promise<void>;
}

/** A bare array, or an envelope without page metadata (the real service may not page), is the whole list. */
function pageCount(answer: unknown): number {
  const pages = (answer as { metadata?: { pages?: unknown } }).metadata?.pages;
  return typeof pages === 'number' && Number.isInteger(pages) && pages > 1 ? pages : 1;
}

/** Every saved location: page 1 says how many pages there are, the rest come concurrently. */
async function pullLocations({ company, cache, concurrency, now, signal }: DirectoryPullOptions): Promise<void> {
  const byId = new Map<number, SavedLocation>();
  const keep = (answer: Awaited<ReturnType<Company['locations']>>) => {
    for (const location of listItems(answer)) byId.set(location.id, location);
  };
  const first = await company.locations({ page: 1, per_page: LOCATIONS_PER_PAGE }, { signal });
  keep(first);
  const rest = Array.from({ length: pageCount(first) - 1 }, (_unused, index) => index + 2);
  await forEachConcurrently(rest, concurrency, signal, async (page, pageSignal) => keep(await company.locations({ page, per_page: LOCATIONS_PER_PAGE }, { signal: pageSignal })));
  cache.locations.replace([...byId.values()], now());
}

/** Clients carry their projects; one request per client that does not (at most one per client). */
async function pullClients({ company, cache, concurrency, now, signal }: DirectoryPullOptions): Promise<void> {
  const { results } = await company.clients({ signal });
  const pulled: PulledClient[] = results.map((client) => ({ client, projects: client.projects?.results ?? [] }));
  const missing = pulled.filter(({ client }) => !client.projects);
  await forEachConcurrently(missing, concurrency, signal, async (entry, entrySignal) => {
    entry.projects = (await unlessNotFound(() => company.projects(entry.client.id, { signal: entrySignal })))?.results ?? [];
  });
  cache.clients.replace(pulled, now());
}

/**
 * Talent pool groups, then each group's pools and providers (ours; a group stays without pools where
 * the service does not answer it), then the attributes of each membership: one request per group and
 * one per provider in a pool.
 */
async function pullTalentPools({ company, cache, concurrency, now, signal }: DirectoryPullOptions): Promise<void> {
  const groups = (await company.preferredProviders({ signal })).results;
  const pulled: PulledGroup[] = groups.map((group) => ({ group, pools: [] }));
  await forEachConcurrently(pulled, concurrency, signal, async (entry, entrySignal) => {
    const detail = await unlessNotFound(() => company.preferredProviderGroup(entry.group.id, { signal: entrySignal }));
    entry.pools = (detail?.pools ?? []).map((pool) => ({
      pool,
      members: (pool.providers?.results ?? []).map((provider): PulledMember => ({ provider, attributes: [] })),
    }));
  });
  const memberships = pulled.flatMap(({ pools }) => pools.flatMap(({ pool, members }) => members.map((member) => ({ poolId: pool.id, member }))));
  await forEachConcurrently(memberships, concurrency, signal, async ({ poolId, member }, memberSignal) => {
    const answer = await unlessNotFound(() =>
      company.talentPoolAttributes({ talentPoolId: poolId, providerId: member.provider.id }, { limit: ATTRIBUTES_LIMIT }, { signal: memberSignal }),
    );
    member.attributes = answer ? listItems(answer) : [];
  });
  cache.talentPools.replace(pulled, now());
}

const PARTS: readonly Part[] = [
  { name: 'saved-locations', pull: pullLocations },
  { name: 'clients', pull: pullClients },
  { name: 'talent-pools', pull: pullTalentPools },
];

/**
 * Refreshes the directory parts (saved locations, clients with projects, talent pools with their
 * providers and attributes) pulled longer than `maxAgeMs` ago; answers the parts it pulled. Each part
 * is replaced whole in one transaction once all its answers are in, so a failed or cancelled pull
 * leaves the previous copy of that part intact.
 */
export async function pullDirectory(options: DirectoryPullOptions): Promise<string[]> {
  const { cache, maxAgeMs, now } = options;
  const stale = PARTS.filter((part) => {
    const fetchedAt = cache.state.fetchedAt(part.name);
    return fetchedAt === null || now() - fetchedAt >= maxAgeMs;
  });
  let done = 0;
  options.onFetched(done, stale.length);
  // One part at a time: each already fans out within the bound.
  for (const part of stale) {
    options.signal.throwIfAborted();
    await part.pull(options);
    cache.state.markFetched(part.name, now());
    done += 1;
    options.onFetched(done, stale.length);
  }
  return stale.map((part) => part.name);
}
