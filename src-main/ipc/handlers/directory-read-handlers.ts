import { AppError } from '../../../src-shared/errors';
import { listCachedManagers } from '../../db/managers';
import type { ClientRepository } from '../../db/client-repository';
import type { CacheDatabase } from '../../db/database';
import { readProviderHistory } from '../../db/provider-history';
import type { TalentPoolRepository } from '../../db/talent-pool-repository';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What the directory's reads use of a workspace. */
export interface DirectoryParts {
  db: CacheDatabase;
  clients: Pick<ClientRepository, 'list' | 'projects'>;
  talentPools: Pick<TalentPoolRepository, 'pools' | 'members'>;
}

type DirectoryChannel = 'clients:list' | 'projects:list' | 'talent-pools:list' | 'talent-pools:providers' | 'providers:history' | 'managers:list';

/** Clients, projects and talent pools, from the active environment's cache only: never a request to the marketplace. */
export function directoryReadHandlers(use: UseWorkspace<DirectoryParts>): Pick<Handlers, DirectoryChannel> {
  return {
    'clients:list': () => use(({ clients }) => clients.list()),
    'projects:list': ({ clientId }) => use(({ clients }) => clients.projects(clientId)),
    'talent-pools:list': () => use(({ talentPools }) => talentPools.pools()),
    'talent-pools:providers': async ({ poolId }) => {
      const members = await use(({ talentPools }) => talentPools.members(poolId));
      if (!members) throw new AppError('TALENT_POOL_NOT_FOUND');
      return members;
    },
    'managers:list': () => use(({ db }) => listCachedManagers(db)),
    'providers:history': ({ providerId }) => use(({ db }) => readProviderHistory(db, providerId)),
  };
}
