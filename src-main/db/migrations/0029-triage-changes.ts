import type { Migration } from './index';

/**
 * Beside each move of the triage version (0027), what the rules read of that order just before the
 * change (issue 27): its status, schedule, sub-status, open problems and whether it had an open
 * request. The triage queue's groups, counted at one moment, are then brought up to date order by
 * order (the order's rank then, against its rank now) instead of counted again: 42 ms at a million
 * orders after every change a sync made to what the rules read.
 *
 * `existed`: 1, the row as it was; 0, the order was new; -1, not known (an order removed, whose
 * requests go with it in an order SQLite does not promise; a request moved to another order): the
 * groups are then counted again. One row per move of the version, so a move with no row (the
 * hand-made one that ends a bulk load) is seen too. The oldest rows go as new ones come: a count
 * that many changes behind is made again anyway.
 */
const SNAPSHOT_COLUMNS = 'id, existed, status_id, schedule_start, schedule_end, sub_status, open_problems, has_request';
const hasRequest = (order: string, except = 'NULL') =>
  `EXISTS (SELECT 1 FROM requests r WHERE r.work_order_id = ${order} AND coalesce(r.active, 1) = 1 AND r.id IS NOT ${except})`;
/** The order's row as it is now, for a change to its requests; -1 when it is gone. */
const currentRow = (order: string, hadRequest: string) =>
  `SELECT ${order} AS id, CASE WHEN w.id IS NULL THEN -1 ELSE 1 END AS existed, w.status_id AS status_id, w.schedule_start AS schedule_start,
     w.schedule_end AS schedule_end, w.sub_status AS sub_status, w.open_problems AS open_problems, ${hadRequest} AS has_request
   FROM (SELECT 1) LEFT JOIN work_orders w ON w.id = ${order}`;

export const migration0029: Migration = {
  version: 29,
  name: 'triage-changes',
  up: `
    CREATE TABLE triage_changes (
      seq INTEGER PRIMARY KEY,
      id INTEGER NOT NULL,
      existed INTEGER NOT NULL,
      status_id INTEGER,
      schedule_start INTEGER,
      schedule_end INTEGER,
      sub_status TEXT,
      open_problems INTEGER,
      has_request INTEGER
    );
    CREATE TRIGGER triage_changes_prune AFTER INSERT ON triage_changes BEGIN
      DELETE FROM triage_changes WHERE seq <= NEW.seq - 512;
    END;

    CREATE TRIGGER triage_changes_order_insert AFTER INSERT ON work_orders BEGIN
      INSERT INTO triage_changes (id, existed) VALUES (NEW.id, 0);
    END;
    CREATE TRIGGER triage_changes_order_delete AFTER DELETE ON work_orders BEGIN
      INSERT INTO triage_changes (id, existed) VALUES (OLD.id, -1);
    END;
    CREATE TRIGGER triage_changes_order_update AFTER UPDATE OF status_id, schedule_start, schedule_end, sub_status, open_problems ON work_orders
      WHEN OLD.status_id IS NOT NEW.status_id OR OLD.schedule_start IS NOT NEW.schedule_start OR OLD.schedule_end IS NOT NEW.schedule_end
        OR OLD.sub_status IS NOT NEW.sub_status OR OLD.open_problems IS NOT NEW.open_problems BEGIN
      INSERT INTO triage_changes (${SNAPSHOT_COLUMNS})
        VALUES (OLD.id, CASE WHEN OLD.id = NEW.id THEN 1 ELSE -1 END, OLD.status_id, OLD.schedule_start, OLD.schedule_end, OLD.sub_status, OLD.open_problems, ${hasRequest('OLD.id')});
    END;
    CREATE TRIGGER triage_changes_request_insert AFTER INSERT ON requests BEGIN
      INSERT INTO triage_changes (${SNAPSHOT_COLUMNS}) ${currentRow('NEW.work_order_id', hasRequest('NEW.work_order_id', 'NEW.id'))};
    END;
    CREATE TRIGGER triage_changes_request_delete AFTER DELETE ON requests BEGIN
      INSERT INTO triage_changes (${SNAPSHOT_COLUMNS}) ${currentRow('OLD.work_order_id', `(${hasRequest('OLD.work_order_id')} OR coalesce(OLD.active, 1) = 1)`)};
    END;
    CREATE TRIGGER triage_changes_request_update AFTER UPDATE OF work_order_id, active ON requests
      WHEN OLD.work_order_id IS NOT NEW.work_order_id OR OLD.active IS NOT NEW.active BEGIN
      INSERT INTO triage_changes (${SNAPSHOT_COLUMNS})
        SELECT id, CASE WHEN OLD.work_order_id IS NEW.work_order_id THEN existed ELSE -1 END, status_id, schedule_start, schedule_end, sub_status, open_problems, has_request
        FROM (${currentRow('OLD.work_order_id', `(${hasRequest('OLD.work_order_id', 'NEW.id')} OR coalesce(OLD.active, 1) = 1)`)});
    END;
  `,
};
