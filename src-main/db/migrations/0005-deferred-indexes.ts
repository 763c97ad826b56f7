import type { Migration } from './index';

/**
 * Indexes dropped for a bulk load (the first pull into an empty cache), kept by definition until
 * they are built again. Persisted so a load cut short by a crash gets its indexes back at the next
 * open instead of leaving lists to scan the table for ever.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'deferred-indexes',
  up: `
    CREATE TABLE deferred_indexes (
      name TEXT PRIMARY KEY,
      sql TEXT NOT NULL
    ) WITHOUT ROWID;
  `,
};
