import type { CacheDatabase } from '../../db/database';
import { deliverablesRepository } from '../../db/deliverables-repository';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** The review queue, from the active environment's cache only: never a request to the marketplace. */
export function deliverablesHandlers(use: UseWorkspace<{ db: CacheDatabase }>): Pick<Handlers, 'deliverables:list'> {
  return {
    'deliverables:list': (filter) => use(({ db }) => deliverablesRepository(db).list(filter)),
  };
}
