import type { CacheDatabase } from '../../db/database';
import { InsightsRepository } from '../../db/insights-repository';
import { perDatabase } from '../../db/per-database';
import type { ReferenceDataRepository } from '../../db/reference-data-repository';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

const repositoryOf = perDatabase((db) => new InsightsRepository(db));

/** The cached types of work, by id; an old list beats none offline. */
function typeNames(referenceData: Pick<ReferenceDataRepository, 'get'>): Map<number, string> {
  const names = new Map<number, string>();
  for (const { value } of referenceData.get('types-of-work', Number.MAX_SAFE_INTEGER)) {
    const { id, name } = (value ?? {}) as { id?: unknown; name?: unknown };
    if (typeof id === 'number' && typeof name === 'string') names.set(id, name);
  }
  return names;
}

/** Insights from the active environment's cache only, so they answer offline. */
export function insightsHandlers(use: UseWorkspace<{ db: CacheDatabase; referenceData: Pick<ReferenceDataRepository, 'get'> }>): Pick<Handlers, 'insights:get'> {
  return {
    'insights:get': (request) => use(({ db, referenceData }) => repositoryOf(db).get(request, typeNames(referenceData))),
  };
}
