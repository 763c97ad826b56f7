import type { Migration } from './index';

/**
 * Full-text search over work orders. The repository writes an order's row in the same transaction
 * as the order (a trigger could not strip the description's HTML). Contentless, because the text is
 * already in `work_order_documents.json`; `contentless_delete` lets an update replace the row so an order
 * has exactly one. Prefix indexes make the prefix match of the word being typed cheap.
 *
 * Orders cached before this migration are indexed from their columns; their description keeps its
 * markup until the next pull rewrites them, which can only add matches on tag names.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'work-order-search',
  up: `
    CREATE VIRTUAL TABLE work_orders_search USING fts5(
      title, description, location, client, ids,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3'
    );
    INSERT INTO work_orders_search (rowid, title, description, location, client, ids)
      SELECT w.id, w.title, json_extract(d.json, '$.description.html'),
        concat_ws(' ', json_extract(d.json, '$.location.address1'), json_extract(d.json, '$.location.address2'), w.city, w.state, w.zip),
        w.client_name, concat_ws(' ', w.id, json_extract(d.json, '$.integration.id'))
      FROM work_orders w JOIN work_order_documents d ON d.id = w.id;
  `,
};
