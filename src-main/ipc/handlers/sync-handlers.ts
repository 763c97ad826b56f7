import type { AppServices } from '../../app/app-services';
import type { Handlers } from '../dispatcher';

/** The pull that refreshes the cache; its progress goes out as `sync:progress`. */
export function syncHandlers(services: AppServices): Pick<Handlers, 'sync:status' | 'sync:now' | 'sync:cancel'> {
  return {
    'sync:status': async () => (await services.workspace()).syncStatus(),
    'sync:now': async () => (await services.workspace()).startSync(),
    'sync:cancel': async () => (await services.workspace()).cancelSync(),
  };
}
