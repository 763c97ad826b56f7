import { describe, expect, it } from 'vitest';
import { ClientRepository } from '../../../src-main/db/client-repository';
import { DirectoryStateRepository } from '../../../src-main/db/directory-state-repository';
import { SavedLocationRepository } from '../../../src-main/db/saved-location-repository';
import { TalentPoolRepository } from '../../../src-main/db/talent-pool-repository';
import { DIRECTORY_MAX_AGE_MS } from '../../../src-main/sync/directory-pull';
import { pullAll, type SyncProgress } from '../../../src-main/sync/pull';
import { SyncPhaseSchema } from '../../../src-shared/ipc/channels';
import { control } from '../api-client/support';
import { syncUnderTest } from './support';

const PHASES = SyncPhaseSchema.options;
const directoryRequests = (requests: string[]) => requests.filter((path) => /^(locations|company\/clients|company\/preferred-providers|talent-pools\/)/.test(path));

async function directoryUnderTest() {
  const sync = await syncUnderTest();
  const directory = {
    locations: new SavedLocationRepository(sync.db),
    clients: new ClientRepository(sync.db),
    talentPools: new TalentPoolRepository(sync.db),
    state: new DirectoryStateRepository(sync.db),
  };
  let clock = Date.now();
  const deps = { ...sync.deps, directory, now: () => clock };
  return { ...sync, directory, deps, advance: (ms: number) => (clock += ms) };
}

describe('the directory pull', () => {
  it('fills saved locations, clients with projects, and talent pools with providers and attributes', async () => {
    const { client, directory, deps, requests } = await directoryUnderTest();
    const progress: SyncProgress[] = [];
    await pullAll(deps, { onProgress: (event) => progress.push(event) });
    // One request for the groups, one per group and one per membership: 2 groups, 14 memberships.
    expect(requests.filter((path) => path.startsWith('company/preferred-providers'))).toHaveLength(3);
    expect(requests.filter((path) => path.startsWith('talent-pools/'))).toHaveLength(14);

    // The directory is read alongside the work orders: progress shows the furthest phase, never going back.
    const phases = progress.map((event) => PHASES.indexOf(event.phase));
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    expect(progress.at(-1)?.phase).toBe('done');
    const serviceLocations = await client.company.locations({ per_page: 100 });
    expect(directory.locations.search().map((location) => location.id).sort()).toEqual(
      ('results' in serviceLocations ? serviceLocations.results : serviceLocations).map((location) => location.id).sort(),
    );

    const serviceClients = (await client.company.clients()).results;
    const cachedClients = directory.clients.list();
    expect(cachedClients.map((cached) => cached.id).sort()).toEqual(serviceClients.map((service) => service.id).sort());
    const withProjects = serviceClients.find((service) => (service.projects?.results.length ?? 0) > 0);
    if (!withProjects) throw new Error('the demo company has no client with projects');
    expect(directory.clients.projects(withProjects.id).map((project) => project.id)).toEqual(
      [...(withProjects.projects?.results ?? [])].sort((a, b) => String(a.name).localeCompare(String(b.name))).map((project) => project.id),
    );

    const pools = directory.talentPools.pools();
    expect(pools.map((pool) => [pool.id, pool.group.id, pool.providerCount]).sort()).toEqual([
      [811, 801, 3],
      [812, 801, 4],
      [813, 802, 3],
      [814, 802, 4],
    ]);
    const members = directory.talentPools.members(812) ?? [];
    expect(members.map((member) => member.provider.id).sort()).toEqual([3002, 3003, 3005, 3006]);
    for (const member of members) {
      const service = await client.company.talentPoolAttributes({ talentPoolId: 812, providerId: member.provider.id });
      expect(member.attributes.map((attribute) => attribute.id).sort()).toEqual(('results' in service ? service.results : service).map((attribute) => attribute.id).sort());
    }
    expect(pools.flatMap((pool) => directory.talentPools.members(pool.id) ?? []).some((member) => member.attributes.length > 0)).toBe(true);
    expect(directory.talentPools.members(999)).toBeUndefined();
  });

  it('pulls the directory again only once it is older than its maximum age', async () => {
    const { deps, requests, advance } = await directoryUnderTest();
    await pullAll(deps);
    requests.length = 0;
    await pullAll(deps);
    expect(directoryRequests(requests)).toEqual([]);
    advance(DIRECTORY_MAX_AGE_MS);
    await pullAll(deps);
    expect(directoryRequests(requests)).toContain('company/clients');
  });

  it('keeps the previous copy of a part whose pull failed, and fails the pull with the code', async () => {
    const { directory, deps, advance, market } = await directoryUnderTest();
    await pullAll(deps);
    const before = directory.talentPools.pools();
    advance(DIRECTORY_MAX_AGE_MS);
    await control(market, 'faults', { status: 503, count: 1, path: 'company/preferred-providers' });
    await expect(pullAll(deps)).rejects.toMatchObject({ code: 'API_SERVER_ERROR' });
    expect(directory.talentPools.pools()).toEqual(before);
  });
});
