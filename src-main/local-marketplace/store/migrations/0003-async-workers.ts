import type { Migration } from './index';

/** Background work: `async=true` calls and auto-dispatch answer a worker and finish later. */
export const migration0003: Migration = {
  version: 3,
  name: 'async-workers',
  up: `
    CREATE TABLE async_workers (
      id INTEGER PRIMARY KEY,
      company_id INTEGER NOT NULL,
      user_id INTEGER NOT NULL,
      type TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('in_progress', 'done', 'failed')),
      request TEXT NOT NULL,
      payload TEXT NOT NULL,
      response TEXT NOT NULL DEFAULT '{}',
      created_at INTEGER NOT NULL,
      finished_at INTEGER
    );
  `,
};
