import type { Migration } from './index';

/**
 * `saved_location_id`: the saved location an order uses, so the Locations screen lists a location's
 * orders and counts them from an index. The service names it on `location.saved_location.id`, or
 * on `location.id` when the mode is `saved` (the real service also says `location`); an order the
 * outbox wrote before the answer carries only `{mode: 'saved', id}`. Filled from the stored
 * documents, so a cache made before this version needs no new pull.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'saved-location-column',
  up: `
    ALTER TABLE work_orders ADD COLUMN saved_location_id INTEGER;
    UPDATE work_orders SET saved_location_id = (
      SELECT coalesce(
        json_extract(d.json, '$.location.saved_location.id'),
        CASE WHEN json_extract(d.json, '$.location.mode') IN ('saved', 'location') THEN json_extract(d.json, '$.location.id') END
      )
      FROM work_order_documents d WHERE d.id = work_orders.id
    );
    CREATE INDEX work_orders_saved_location ON work_orders(saved_location_id) WHERE saved_location_id IS NOT NULL;
  `,
};
