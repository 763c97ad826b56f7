import { AppError } from '../../../src-shared/errors';
import { listCachedManagers } from '../../db/managers';
import type { AppServices } from '../../app/app-services';
import { readProviderHistory } from '../../db/provider-history';
import type { Handlers } from '../dispatcher';

type DirectoryChannel = 'clients:list' | 'projects:list' | 'talent-pools:list' | 'talent-pools:providers' | 'providers:history' | 'managers:list';

/** Clients, projects and talent pools, from the active environment's cache only: never a request to the marketplace. */
export function directoryReadHandlers(services: AppServices): Pick<Handlers, DirectoryChannel> {
  return {
    'clients:list': () => services.use(({ clients }) => clients.list()),
    'projects:list': ({ clientId }) => services.use(({ clients }) => clients.projects(clientId)),
    'talent-pools:list': () => services.use(({ talentPools }) => talentPools.pools()),
    'talent-pools:providers': async ({ poolId }) => {
      const members = await services.use(({ talentPools }) => talentPools.members(poolId));
      if (!members) throw new AppError('TALENT_POOL_NOT_FOUND');
      return members;
    },
    'managers:list': () => services.use(({ db }) => listCachedManagers(db)),
    'providers:history': ({ providerId }) => services.use(({ db }) => readProviderHistory(db, providerId)),
  };
}
