import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

/** The pull that refreshes the cache; its progress goes out as `sync:progress`. */
export function syncHandlers(services: AppServices): Pick<Handlers, 'sync:status' | 'sync:now' | 'sync:cancel'> {
  return {
    'sync:status': () => services.use((workspace) => workspace.syncStatus()),
    'sync:now': () => services.use((workspace) => workspace.startSync()),
    'sync:cancel': () => services.use((workspace) => workspace.cancelSync()),
  };
}
