import type { Migration } from './index';

/**
 * The outbox: every change the coordinator makes, kept until the marketplace has it.
 *
 * `outbox_entries` holds the entries not yet applied, in the order they were made (`seq`). `lane`
 * is the record they change (`wo:10012`, `loc:7`): entries of one lane are sent strictly in order,
 * lanes run side by side; `after` names other lanes an entry must wait for (auto-dispatch of
 * several orders). `input` is the channel input as queued. `uncertain` marks an entry whose last
 * send may have reached the marketplace without an answer (a timeout, a dropped connection, a kill):
 * the next attempt looks for its effect before sending again.
 *
 * `outbox_bases` is the last state the marketplace sent of each record a waiting entry changes
 * (`null` for one it does not have yet); what the cache shows is that base with the waiting entries
 * applied on top, so a refusal undoes exactly its own change.
 *
 * `outbox_ids` maps the temporary (negative) id of a record created offline to the marketplace's.
 * `outbox_history` keeps the last applied or discarded entries for the record, bounded.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'outbox',
  up: `
    CREATE TABLE outbox_entries (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      lane TEXT NOT NULL,
      after TEXT,
      work_order_id INTEGER,
      input TEXT NOT NULL,
      context TEXT,
      state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'retrying', 'refused')),
      attempts INTEGER NOT NULL DEFAULT 0,
      uncertain INTEGER NOT NULL DEFAULT 0 CHECK (uncertain IN (0, 1)),
      not_before INTEGER,
      next_attempt_at INTEGER,
      error TEXT,
      conflict TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );
    CREATE INDEX outbox_entries_lane ON outbox_entries(lane, seq);
    CREATE INDEX outbox_entries_work_order ON outbox_entries(work_order_id) WHERE work_order_id IS NOT NULL;

    CREATE TABLE outbox_bases (
      doc TEXT PRIMARY KEY,
      json TEXT
    ) WITHOUT ROWID;

    CREATE TABLE outbox_ids (
      temp INTEGER PRIMARY KEY CHECK (temp < 0),
      real INTEGER NOT NULL
    );

    CREATE TABLE outbox_history (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL,
      kind TEXT NOT NULL,
      work_order_id INTEGER,
      input TEXT NOT NULL,
      outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'discarded')),
      finished_at INTEGER NOT NULL
    );
  `,
};
