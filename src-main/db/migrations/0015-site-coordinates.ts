import type { Migration } from './index';

/**
 * Where each order's site is (issue 26): the location's `coordinates` as the marketplace answers
 * them (the SDK's `Location`: `latitude`, `longitude`, `exact`), kept as columns so the map reads
 * ten thousand points without parsing a document each. Out-of-range or missing values stay null:
 * such an order is listed as having no place on the map, never drawn at 0°, 0°.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'site-coordinates',
  up: `
    ALTER TABLE work_orders ADD COLUMN latitude REAL;
    ALTER TABLE work_orders ADD COLUMN longitude REAL;
    UPDATE work_orders SET (latitude, longitude) = (
      SELECT CASE WHEN x.ok THEN x.latitude END, CASE WHEN x.ok THEN x.longitude END
      FROM (
        SELECT json_extract(d.json, '$.location.coordinates.latitude') AS latitude,
          json_extract(d.json, '$.location.coordinates.longitude') AS longitude,
          json_type(d.json, '$.location.coordinates.latitude') IN ('real', 'integer')
            AND json_type(d.json, '$.location.coordinates.longitude') IN ('real', 'integer')
            AND abs(json_extract(d.json, '$.location.coordinates.latitude')) <= 90
            AND abs(json_extract(d.json, '$.location.coordinates.longitude')) <= 180 AS ok
        FROM work_order_documents d WHERE d.id = work_orders.id
      ) x
    );
  `,
};
