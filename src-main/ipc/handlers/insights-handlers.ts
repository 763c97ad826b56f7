import type { CacheDatabase } from '../../db/database';
import { InsightsRepository } from '../../db/insights-repository';
import type { ReferenceDataRepository } from '../../db/reference-data-repository';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** Prepared once per cache: a workspace keeps its database open until the environment changes. */
const repositories = new WeakMap<CacheDatabase, InsightsRepository>();

function repositoryOf(db: CacheDatabase): InsightsRepository {
  let repository = repositories.get(db);
  if (!repository) {
    repository = new InsightsRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}

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
