import { EXPORT_MAX_ROWS } from '../../../src-shared/domain/export-files';
import type { CacheDatabase } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { WorkOrderExportReads } from '../../db/work-order-export-reads';
import type { Handlers } from '../dispatcher';
import { cacheQuery } from './cache-read-handlers';
import type { UseWorkspace } from './use-workspace';

const readsOf = perDatabase((db) => new WorkOrderExportReads(db));

/** The list's export, from the active environment's cache only. */
export function workOrderExportHandlers(use: UseWorkspace<{ db: CacheDatabase }>): Pick<Handlers, 'workorders:export-ids' | 'workorders:export-rows'> {
  return {
    'workorders:export-ids': (query) =>
      use(({ db }) => {
        // One past the bound says there are more without counting them all.
        const ids = readsOf(db).matchingIds({ ...cacheQuery(query), now: Date.now() }, EXPORT_MAX_ROWS + 1);
        return { ids: ids.slice(0, EXPORT_MAX_ROWS), more: ids.length > EXPORT_MAX_ROWS };
      }),
    // Whole orders: the dispatcher parses the answer with ExportRowSchema, which keeps its columns only.
    'workorders:export-rows': ({ ids }) => use(({ db }) => ({ rows: readsOf(db).orders(ids) })),
  };
}
