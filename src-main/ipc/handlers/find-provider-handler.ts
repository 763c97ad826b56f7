import type { FoundProviders, ProviderCandidate } from '../../../src-shared/ipc/find-provider';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What finding a provider uses of a workspace. */
export interface FindProviderParts {
  providers: {
    find(workOrderId: number, radius: number): Promise<FoundProviders>;
    lookUp(workOrderId: number, providerId: number): Promise<ProviderCandidate>;
  };
}

/** Finding a provider for an order: nearby on the marketplace and the cache's own, and one by id. */
export function findProviderHandlers(use: UseWorkspace<FindProviderParts>): Pick<Handlers, 'providers:find' | 'providers:lookup'> {
  return {
    'providers:find': ({ workOrderId, radius }) => use(({ providers }) => providers.find(workOrderId, radius)),
    'providers:lookup': ({ workOrderId, providerId }) => use(({ providers }) => providers.lookUp(workOrderId, providerId)),
  };
}
