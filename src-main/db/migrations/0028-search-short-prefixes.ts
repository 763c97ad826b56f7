import type { Migration } from './index';

/**
 * The text index keeps prefixes of one and four characters too (`prefix = '1 2 3 4'`; 0009 kept two
 * and three). A search whose last word is that long ("p", "install d", "inst") then reads one list
 * of the index instead of merging every word so begun, and each order can be asked of the index
 * alone (wide-search.ts): at a million orders "p" took 290 ms, "install d" 160, "inst" 34 (timed
 * by hand, as the index's growth there, 343 to 516 MB, and the rebuild's 30 s; README, Benchmarks).
 * The rebuild runs in batches (`fill`), so the app says how far it is and stays responsive.
 *
 * An FTS5 table cannot take a new prefix length, so it is made again from the stored documents, as
 * 0009 did, with the description's text as the app writes it (`html_text`, the HTML's text, which
 * `migrate` provides): markup must not match a search for "p" or "strong". Every order gets its
 * row: one whose document is missing or not JSON (a damaged file) is indexed by its own columns
 * instead of stopping the migration, and with it the app's start.
 */
export const migration0028: Migration = {
  version: 28,
  name: 'search-short-prefixes',
  up: `
    DROP TABLE work_orders_search;
    CREATE VIRTUAL TABLE work_orders_search USING fts5(
      title, description, location, client, ids, tags,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2 3 4'
    );
  `,
  // In batches, the first opening saying how far it is: 30 s at a million orders.
  fill: {
    label: 'Rebuilding the search index',
    total: 'SELECT COUNT(*) FROM work_orders',
    next: 'SELECT max(id) FROM (SELECT id FROM work_orders WHERE id > @after ORDER BY id LIMIT @limit)',
    batch: `
      INSERT INTO work_orders_search (rowid, title, description, location, client, ids, tags)
        SELECT w.id, w.title, html_text(json_extract(d.json, '$.description.html')),
          concat_ws(' ', json_extract(d.json, '$.location.address1'), json_extract(d.json, '$.location.address2'), w.city, w.state, w.zip),
          w.client_name, concat_ws(' ', w.id, json_extract(d.json, '$.integration.id')),
          (SELECT group_concat(json_extract(t.value, '$.label'), ' ') FROM json_each(d.json, '$.tags.results') t)
        FROM work_orders w LEFT JOIN work_order_documents d ON d.id = w.id AND json_valid(d.json)
        WHERE w.id > @after AND w.id <= @upto`,
  },
};
