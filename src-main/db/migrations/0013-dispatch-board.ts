import type { Migration } from './index';

/** A window longer than this is a "long visit": the board finds those from their own small index. */
export const LONG_VISIT_MS = 7 * 24 * 3_600_000;

/**
 * The dispatch board (issue 25) reads a week of 5,000 orders in a few milliseconds: it cannot parse
 * each order's document for how its window is drawn, how long it holds the provider, or its site's
 * zone, so the row carries them, written with the order by `workOrderRow` (work-order-columns.ts):
 * - `schedule_mode`: the service window's mode as answered;
 * - `visit_end`: the end of the time on site (src-shared/domain/time-on-site.ts, rounded to the
 *   millisecond); here the same rule in SQL, and a test holds the two together;
 * - `site_zone`: the zone the marketplace names on the schedule or the location, unchecked (the
 *   board checks it, and falls back on the address, as `siteZoneOf` does).
 *
 * A board's period query is a range of the status index over its days and a lookback of
 * LONG_VISIT_MS; windows longer than that are few and have a partial index of their own, so no
 * period reads every order a provider ever had. The board counts each provider's finished orders
 * from an index of provider and status alone.
 */
export const migration0013: Migration = {
  version: 13,
  name: 'dispatch-board',
  up: `
    ALTER TABLE work_orders ADD COLUMN schedule_mode TEXT;
    ALTER TABLE work_orders ADD COLUMN visit_end INTEGER;
    ALTER TABLE work_orders ADD COLUMN site_zone TEXT;
    UPDATE work_orders SET (schedule_mode, visit_end, site_zone) = (
      SELECT x.mode,
        CASE
          WHEN x.start IS NULL THEN NULL
          WHEN x.mode IS NOT 'exact' AND x.end > x.start THEN x.end
          ELSE CAST(round(x.start + CASE WHEN x.pay_type IN ('hourly', 'blended') AND x.units_type IN ('integer', 'real') AND x.units > 0 THEN x.units ELSE 2 END * 3600000) AS INTEGER)
        END,
        CASE WHEN typeof(x.zone) = 'text' THEN x.zone END
      FROM (
        -- SQLite keeps the last documents parsed, so each is parsed once for all these.
        SELECT json_extract(d.json, '$.schedule.service_window.mode') AS mode,
          unixepoch(json_extract(d.json, '$.schedule.service_window.start.utc')) * 1000 AS start,
          unixepoch(json_extract(d.json, '$.schedule.service_window.end.utc')) * 1000 AS end,
          json_extract(d.json, '$.pay.type') AS pay_type,
          json_extract(d.json, '$.pay.base.units') AS units,
          json_type(d.json, '$.pay.base.units') AS units_type,
          coalesce(json_extract(d.json, '$.schedule.time_zone.name'), json_extract(d.json, '$.location.time_zone.name')) AS zone
        FROM work_order_documents d WHERE d.id = work_orders.id
      ) x
    );
    CREATE INDEX work_orders_long_visits ON work_orders(status_id, visit_end) WHERE visit_end - schedule_start > ${LONG_VISIT_MS};
    CREATE INDEX work_orders_provider_status ON work_orders(provider_id, status_id) WHERE provider_id IS NOT NULL;
  `,
};
