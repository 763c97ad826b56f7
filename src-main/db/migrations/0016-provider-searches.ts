import type { Migration } from './index';

/**
 * The last nearby search of each order (issue 26): the marketplace's answer as it came, with the
 * radius and when, so "Find a provider" shows it offline. One row per order; a new search replaces it.
 */
export const migration0016: Migration = {
  version: 16,
  name: 'provider-searches',
  up: `
    CREATE TABLE provider_searches (
      work_order_id INTEGER PRIMARY KEY,
      radius REAL NOT NULL,
      searched_at INTEGER NOT NULL,
      json TEXT NOT NULL
    );
  `,
};
