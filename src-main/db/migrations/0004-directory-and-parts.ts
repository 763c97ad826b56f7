import type { Migration } from './index';

/**
 * What the directory pull and the work order parts need beyond 0001.
 *
 * Talent pools: the service groups pools (preferred provider groups) and pools list providers;
 * 0001 kept providers and their attributes but not which pool lists whom, so a member without
 * attributes could not be shown. Groups and pools go whole with each pull, members with their pool.
 *
 * `directory_pull_state`: when each directory part was last fetched whole, so an empty answer
 * (a company without saved locations) still counts as fresh and is not asked for on every pull.
 *
 * `work_order_parts_state`: when an order's attachments, expenses and requests were last fetched,
 * so a detail read can say "not fetched yet" instead of showing an empty list as the truth, and the
 * expense sums the expense list carries beside its items.
 */
export const migration0004: Migration = {
  version: 4,
  name: 'directory-and-parts',
  up: `
    CREATE TABLE talent_pool_groups (
      id INTEGER PRIMARY KEY,
      name TEXT COLLATE NOCASE,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE TABLE talent_pools (
      id INTEGER PRIMARY KEY,
      group_id INTEGER NOT NULL REFERENCES talent_pool_groups(id) ON DELETE CASCADE,
      name TEXT COLLATE NOCASE,
      json TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    );
    CREATE INDEX talent_pools_group ON talent_pools(group_id);
    CREATE TABLE talent_pool_members (
      pool_id INTEGER NOT NULL REFERENCES talent_pools(id) ON DELETE CASCADE,
      provider_id INTEGER NOT NULL,
      PRIMARY KEY (pool_id, provider_id)
    ) WITHOUT ROWID;
    CREATE INDEX talent_pool_members_provider ON talent_pool_members(provider_id);

    CREATE TABLE directory_pull_state (
      part TEXT PRIMARY KEY,
      fetched_at INTEGER NOT NULL
    ) WITHOUT ROWID;

    CREATE TABLE work_order_parts_state (
      id INTEGER PRIMARY KEY REFERENCES work_orders(id) ON DELETE CASCADE,
      expense_sum TEXT,
      fetched_at INTEGER NOT NULL
    );
  `,
};
