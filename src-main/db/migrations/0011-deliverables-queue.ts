import type { Migration } from './index';

/**
 * The review queue (every provider's file waiting for review, across cached orders).
 * - `attachment_folders`: an order's folders as the pull last saw them, for which folder is the
 *   Deliverables one (`type` slot) and how many files it asks for (`min_files`); 0001 kept only the
 *   files. Filled from stored documents that embed their folders, so a cache made before this
 *   version shows completeness at once; written with the order's attachments from now on.
 * - `attachments_awaiting_review`: the queue reads only waiting files, a small part of all of them.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'deliverables-queue',
  up: `
    CREATE TABLE attachment_folders (
      id INTEGER PRIMARY KEY,
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      name TEXT,
      type TEXT,
      min_files INTEGER NOT NULL DEFAULT 0 CHECK (min_files >= 0)
    );
    CREATE INDEX attachment_folders_work_order ON attachment_folders(work_order_id);
    INSERT OR IGNORE INTO attachment_folders (id, work_order_id, name, type, min_files)
      SELECT json_extract(f.value, '$.id'), d.id, json_extract(f.value, '$.name'), json_extract(f.value, '$.type'),
        max(0, coalesce(json_extract(f.value, '$.min_files'), 0))
      FROM work_order_documents d JOIN work_orders w ON w.id = d.id, json_each(d.json, '$.attachments.results') f
      WHERE json_type(f.value, '$.id') = 'integer';
    CREATE INDEX attachments_awaiting_review ON attachments(work_order_id, folder_id) WHERE status = 'pending' AND id > 0;
  `,
};
