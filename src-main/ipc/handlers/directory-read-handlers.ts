import { AppError } from '../../../src-shared/errors';
import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

type DirectoryChannel = 'clients:list' | 'projects:list' | 'talent-pools:list' | 'talent-pools:providers';

/** Clients, projects and talent pools, from the active environment's cache only: never a request to the marketplace. */
export function directoryReadHandlers(services: AppServices): Pick<Handlers, DirectoryChannel> {
  return {
    'clients:list': async () => (await services.workspace()).clients.list(),
    'projects:list': async ({ clientId }) => (await services.workspace()).clients.projects(clientId),
    'talent-pools:list': async () => (await services.workspace()).talentPools.pools(),
    'talent-pools:providers': async ({ poolId }) => {
      const members = (await services.workspace()).talentPools.members(poolId);
      if (!members) throw new AppError('TALENT_POOL_NOT_FOUND');
      return members;
    },
  };
}
