import type { Migration } from './index';

/**
 * Tags on cached orders (decisions §6), so the list filters by tag from an index and search
 * matches tag labels.
 * - `work_order_tags`: one row per order and applied tag id, written with the order's document and
 *   removed with the order. Filled from the stored documents' `tags.results`, so a cache made
 *   before this version filters at once.
 * - `work_orders_search` gains a `tags` column. An FTS5 table cannot take a new column, so it is
 *   made again and filled from the documents, as 0002 did: the description is indexed with its
 *   markup until the next pull or outbox write rewrites the order, which can only add matches on
 *   HTML tag names.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'work-order-tags',
  up: `
    CREATE TABLE work_order_tags (
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      tag_id INTEGER NOT NULL,
      PRIMARY KEY (work_order_id, tag_id)
    ) WITHOUT ROWID;
    CREATE INDEX work_order_tags_tag ON work_order_tags(tag_id, work_order_id);
    INSERT OR IGNORE INTO work_order_tags (work_order_id, tag_id)
      SELECT d.id, json_extract(t.value, '$.id')
      FROM work_order_documents d JOIN work_orders w ON w.id = d.id, json_each(d.json, '$.tags.results') t
      WHERE json_type(t.value, '$.id') = 'integer';

    DROP TABLE work_orders_search;
    CREATE VIRTUAL TABLE work_orders_search USING fts5(
      title, description, location, client, ids, tags,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    );
    INSERT INTO work_orders_search (rowid, title, description, location, client, ids, tags)
      SELECT w.id, w.title, json_extract(d.json, '$.description.html'),
        concat_ws(' ', json_extract(d.json, '$.location.address1'), json_extract(d.json, '$.location.address2'), w.city, w.state, w.zip),
        w.client_name, concat_ws(' ', w.id, json_extract(d.json, '$.integration.id')),
        (SELECT group_concat(json_extract(t.value, '$.label'), ' ') FROM json_each(d.json, '$.tags.results') t)
      FROM work_orders w JOIN work_order_documents d ON d.id = w.id;
  `,
};
