import type { Migration } from './index';

/**
 * Insights over 100,000 orders spent most of their time reading work_orders row by row for the
 * status, client and type of each order of the period, and the insights row beside it. The
 * insights row now carries those columns too (written with the order, as the rest of it), and one
 * index holds every column a period's aggregates read, in service-date order: each aggregate is a
 * range scan of that index and nothing else.
 */
export const migration0012: Migration = {
  version: 12,
  name: 'insights-period',
  up: `
    ALTER TABLE work_order_insights ADD COLUMN schedule_start INTEGER;
    ALTER TABLE work_order_insights ADD COLUMN schedule_end INTEGER;
    ALTER TABLE work_order_insights ADD COLUMN status_id INTEGER;
    ALTER TABLE work_order_insights ADD COLUMN client_id INTEGER;
    ALTER TABLE work_order_insights ADD COLUMN type_of_work_id INTEGER;
    UPDATE work_order_insights SET (schedule_start, schedule_end, status_id, client_id, type_of_work_id) =
      (SELECT w.schedule_start, w.schedule_end, w.status_id, w.client_id, w.type_of_work_id FROM work_orders w WHERE w.id = work_order_insights.work_order_id);
    CREATE INDEX work_order_insights_period ON work_order_insights(
      schedule_start, status_id, client_id, type_of_work_id, pay_committed, created_at, published_at, assigned_at, workdone_at, schedule_end
    ) WHERE schedule_start IS NOT NULL;
  `,
};
