import type { Migration } from './index';

/**
 * Insights' "problems by type" joined every order of the period to its problems: at a million
 * orders, a year read the period index whole and looked for problems of each (0.45 s, timed once by hand) to find the
 * few thousand orders that have any. A problem row now carries its order's service date, client
 * and type of work (written with the order, as work_order_insights' own copies are: the problems
 * are written again whenever the order is), and one index holds the figure in service-date order.
 */
export const migration0023: Migration = {
  version: 23,
  name: 'problems-period',
  up: `
    ALTER TABLE work_order_problems ADD COLUMN schedule_start INTEGER;
    ALTER TABLE work_order_problems ADD COLUMN client_id INTEGER;
    ALTER TABLE work_order_problems ADD COLUMN type_of_work_id INTEGER;
    UPDATE work_order_problems SET (schedule_start, client_id, type_of_work_id) =
      (SELECT i.schedule_start, i.client_id, i.type_of_work_id FROM work_order_insights i WHERE i.work_order_id = work_order_problems.work_order_id);
    CREATE INDEX work_order_problems_period ON work_order_problems(schedule_start, client_id, type_of_work_id, type_id, type_name, resolved)
      WHERE schedule_start IS NOT NULL;
  `,
};
