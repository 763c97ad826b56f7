import type { Migration } from './index';

/**
 * How many cached orders each status holds, and how many have an open problem, kept as the orders
 * change (issue 27): the lists' counts at every answer were a pass over the status index, 0.1 s at a
 * million orders. Triggers keep them in the same transaction as the change, so they cannot drift;
 * a status the service did not send counts under -1. A change of `pending` fires nothing.
 */
export const migration0019: Migration = {
  version: 19,
  name: 'list-counts',
  up: `
    CREATE TABLE work_order_counts (
      status_key INTEGER PRIMARY KEY,
      orders INTEGER NOT NULL,
      problems INTEGER NOT NULL
    );
    INSERT INTO work_order_counts (status_key, orders, problems)
      SELECT coalesce(status_id, -1), COUNT(*), SUM(open_problems > 0) FROM work_orders GROUP BY coalesce(status_id, -1);

    CREATE TRIGGER work_order_counts_insert AFTER INSERT ON work_orders BEGIN
      INSERT INTO work_order_counts (status_key, orders, problems) VALUES (coalesce(NEW.status_id, -1), 1, NEW.open_problems > 0)
        ON CONFLICT (status_key) DO UPDATE SET orders = orders + 1, problems = problems + (NEW.open_problems > 0);
    END;
    CREATE TRIGGER work_order_counts_delete AFTER DELETE ON work_orders BEGIN
      UPDATE work_order_counts SET orders = orders - 1, problems = problems - (OLD.open_problems > 0) WHERE status_key = coalesce(OLD.status_id, -1);
    END;
    CREATE TRIGGER work_order_counts_update AFTER UPDATE OF status_id, open_problems ON work_orders
      WHEN OLD.status_id IS NOT NEW.status_id OR (OLD.open_problems > 0) IS NOT (NEW.open_problems > 0) BEGIN
      UPDATE work_order_counts SET orders = orders - 1, problems = problems - (OLD.open_problems > 0) WHERE status_key = coalesce(OLD.status_id, -1);
      INSERT INTO work_order_counts (status_key, orders, problems) VALUES (coalesce(NEW.status_id, -1), 1, NEW.open_problems > 0)
        ON CONFLICT (status_key) DO UPDATE SET orders = orders + 1, problems = problems + (NEW.open_problems > 0);
    END;
  `,
};
