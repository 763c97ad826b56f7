import type { Migration } from './index';

/**
 * A number that moves whenever something the triage rules read changes (issue 27): an order's
 * status, schedule, sub-status or open problems, an order added or removed, a request. The triage
 * queue's groups and the "Needs attention" count (0.02–0.08 s at a million orders) are kept until it
 * moves or the clock does, instead of being counted again after every write (a message, an upload,
 * a title). Written out as shipped: a later change to the rules adds a migration.
 */
export const migration0027: Migration = {
  version: 27,
  name: 'triage-version',
  up: `
    CREATE TABLE triage_version (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL
    );
    INSERT INTO triage_version (id, version) VALUES (1, 0);

    CREATE TRIGGER triage_version_order_insert AFTER INSERT ON work_orders BEGIN
      UPDATE triage_version SET version = version + 1;
    END;
    CREATE TRIGGER triage_version_order_delete AFTER DELETE ON work_orders BEGIN
      UPDATE triage_version SET version = version + 1;
    END;
    CREATE TRIGGER triage_version_order_update AFTER UPDATE OF status_id, schedule_start, schedule_end, sub_status, open_problems ON work_orders
      WHEN OLD.status_id IS NOT NEW.status_id OR OLD.schedule_start IS NOT NEW.schedule_start OR OLD.schedule_end IS NOT NEW.schedule_end
        OR OLD.sub_status IS NOT NEW.sub_status OR OLD.open_problems IS NOT NEW.open_problems BEGIN
      UPDATE triage_version SET version = version + 1;
    END;
    CREATE TRIGGER triage_version_request_insert AFTER INSERT ON requests BEGIN
      UPDATE triage_version SET version = version + 1;
    END;
    CREATE TRIGGER triage_version_request_delete AFTER DELETE ON requests BEGIN
      UPDATE triage_version SET version = version + 1;
    END;
    CREATE TRIGGER triage_version_request_update AFTER UPDATE OF work_order_id, active ON requests
      WHEN OLD.work_order_id IS NOT NEW.work_order_id OR OLD.active IS NOT NEW.active BEGIN
      UPDATE triage_version SET version = version + 1;
    END;
  `,
};
