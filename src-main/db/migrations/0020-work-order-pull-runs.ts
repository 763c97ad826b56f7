import type { Migration } from './index';

/**
 * When each kind of work order pull last finished (issue 27): a pull lists every order only when the
 * last whole listing is old or the service's list counts disagree with the cache's; between those it
 * lists the orders providers act on (`sync/pull-scope.ts`). A cache without a row has never been
 * listed whole, so its next pull lists everything.
 */
export const migration0020: Migration = {
  version: 20,
  name: 'work-order-pull-runs',
  up: `
    CREATE TABLE work_order_pull_runs (
      scope TEXT PRIMARY KEY CHECK (scope IN ('all', 'active')),
      finished_at INTEGER NOT NULL
    );
  `,
};
