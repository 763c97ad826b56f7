import type { Migration } from './index';

/**
 * Which orders changed what a search's filters read in memory (filter-columns.ts, issue 27): their
 * status, schedule, place, client, project, manager or type of work, or the order itself, new or
 * removed. The columns kept in memory read these rows since they last looked, and the orders they
 * name again. A row with no id means every order (a bulk load, whose triggers wait, ends with
 * one). The oldest rows go as new ones come: columns that many changes behind are read whole again
 * anyway.
 */
export const migration0030: Migration = {
  version: 30,
  name: 'filter-changes',
  up: `
    CREATE TABLE filter_changes (seq INTEGER PRIMARY KEY, id INTEGER);
    CREATE TRIGGER filter_changes_prune AFTER INSERT ON filter_changes BEGIN
      DELETE FROM filter_changes WHERE seq <= NEW.seq - 4096;
    END;
    CREATE TRIGGER filter_changes_order_insert AFTER INSERT ON work_orders BEGIN
      INSERT INTO filter_changes (id) VALUES (NEW.id);
    END;
    CREATE TRIGGER filter_changes_order_delete AFTER DELETE ON work_orders BEGIN
      INSERT INTO filter_changes (id) VALUES (OLD.id);
    END;
    CREATE TRIGGER filter_changes_order_update
      AFTER UPDATE OF id, status_id, schedule_start, city, state, country, client_id, project_id, manager_id, type_of_work_id ON work_orders
      WHEN OLD.id IS NOT NEW.id OR OLD.status_id IS NOT NEW.status_id OR OLD.schedule_start IS NOT NEW.schedule_start
        OR OLD.city IS NOT NEW.city OR OLD.state IS NOT NEW.state OR OLD.country IS NOT NEW.country OR OLD.client_id IS NOT NEW.client_id
        OR OLD.project_id IS NOT NEW.project_id OR OLD.manager_id IS NOT NEW.manager_id OR OLD.type_of_work_id IS NOT NEW.type_of_work_id BEGIN
      INSERT INTO filter_changes (id) VALUES (OLD.id);
      INSERT INTO filter_changes (id) SELECT NEW.id WHERE NEW.id IS NOT OLD.id;
    END;
    INSERT INTO filter_changes (id) VALUES (NULL);
  `,
};
