import type { Migration } from './index';

/**
 * Company tags applied to work orders (decisions §6). One row per order and tag: applying a tag
 * twice is not an error and changes nothing. Removing the order or the company tag removes its
 * applications; `applied_at` orders an order's tags as they were applied.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'work-order-tags',
  up: `
    CREATE TABLE work_order_tags (
      work_order_id INTEGER NOT NULL REFERENCES work_orders(id) ON DELETE CASCADE,
      tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      applied_at INTEGER NOT NULL,
      applied_by INTEGER NOT NULL,
      PRIMARY KEY (work_order_id, tag_id)
    ) WITHOUT ROWID;
    CREATE INDEX work_order_tags_tag ON work_order_tags(tag_id);
  `,
};
