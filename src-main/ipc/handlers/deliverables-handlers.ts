import type { AppServices } from '../../app/app-services';
import { deliverablesRepository } from '../../db/deliverables-repository';
import type { Handlers } from '../dispatcher';

/** The review queue, from the active environment's cache only: never a request to the marketplace. */
export function deliverablesHandlers(services: AppServices): Pick<Handlers, 'deliverables:list'> {
  return {
    'deliverables:list': (filter) => services.use(({ db }) => deliverablesRepository(db).list(filter)),
  };
}
