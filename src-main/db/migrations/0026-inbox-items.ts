import type { Migration } from './index';

/**
 * The Inbox (issue 28): what providers did across every cached order, kept as rows so the inbox
 * never parses 100,000 orders' JSON per read. Written with the order or its parts
 * (`inbox-items.ts`), one row per step of the order's history (`source`, "message-12"), so a pull
 * that writes the order again updates the row instead of adding one, and never touches `read_at`:
 * read and unread live on this machine only. Goes with its order (a cascade).
 *
 * Filled by the writes from now on; a cache made before this version is filled once, bounded, on
 * the inbox's first read (`InboxRepository.backfill`): `inbox_state` says how far that got.
 */
export const migration0026: Migration = {
  version: 26,
  name: 'inbox-items',
  up: `
    CREATE TABLE inbox_items (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      source TEXT NOT NULL,
      kind TEXT NOT NULL,
      at INTEGER NOT NULL,
      who TEXT NOT NULL,
      what TEXT NOT NULL,
      body TEXT,
      source_id INTEGER,
      provider_id INTEGER,
      late INTEGER NOT NULL DEFAULT 0 CHECK (late IN (0, 1)),
      read_at INTEGER,
      UNIQUE (work_order_id, source)
    );
    CREATE INDEX inbox_items_newest ON inbox_items(at DESC, id DESC);
    CREATE INDEX inbox_items_unread ON inbox_items(at) WHERE read_at IS NULL;
    CREATE TABLE inbox_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      backfilled INTEGER NOT NULL DEFAULT 0
    );
    -- An empty cache has nothing to fill: its writes fill the inbox.
    INSERT INTO inbox_state (id, backfilled) SELECT 1, NOT EXISTS (SELECT 1 FROM work_orders);
  `,
};
