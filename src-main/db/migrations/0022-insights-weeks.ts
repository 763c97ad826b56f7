import type { Migration } from './index';

/**
 * Insights' counts and pay per week, kept by triggers as the orders' insights rows change (issue 27:
 * a year of a million orders read the period index once per figure). How the weeks are read, and
 * summed again on a regrid or after a bulk load, is in insights-weeks.ts; the SQL here is written
 * out, as shipped, so a later change there cannot change this migration (a change of the measures
 * is a new migration that replaces these triggers).
 */
export const migration0022: Migration = {
  version: 22,
  name: 'insights-weeks',
  up: `
  CREATE TABLE insights_grid (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    phase INTEGER NOT NULL CHECK (phase >= 0 AND phase < 604800000)
  );
  INSERT INTO insights_grid (id, phase) VALUES (1, 0);
  CREATE TABLE insights_weeks (
    week INTEGER NOT NULL,
    status_id INTEGER NOT NULL,
    client_id INTEGER NOT NULL,
    type_of_work_id INTEGER NOT NULL,
    orders INTEGER NOT NULL,
    with_milestones INTEGER NOT NULL,
    work_done_late INTEGER NOT NULL,
    work_done_measured INTEGER NOT NULL,
    pay_amount REAL NOT NULL,
    PRIMARY KEY (week, status_id, client_id, type_of_work_id)
  ) WITHOUT ROWID;
  CREATE TRIGGER insights_weeks_insert AFTER INSERT ON work_order_insights BEGIN
    INSERT INTO insights_weeks (week, status_id, client_id, type_of_work_id, orders, with_milestones, work_done_late, work_done_measured, pay_amount) SELECT ((NEW.schedule_start - (SELECT phase FROM insights_grid)) / 604800000 - ((NEW.schedule_start - (SELECT phase FROM insights_grid)) % 604800000 < 0)), coalesce(NEW.status_id, -1), coalesce(NEW.client_id, -1), coalesce(NEW.type_of_work_id, -1), 1, (NEW.created_at IS NOT NULL), coalesce(NEW.workdone_at > NEW.schedule_end, 0), (NEW.workdone_at IS NOT NULL AND NEW.schedule_end IS NOT NULL), coalesce(NEW.pay_committed, 0) WHERE NEW.schedule_start IS NOT NULL ON CONFLICT (week, status_id, client_id, type_of_work_id) DO UPDATE SET orders = orders + excluded.orders, with_milestones = with_milestones + excluded.with_milestones, work_done_late = work_done_late + excluded.work_done_late, work_done_measured = work_done_measured + excluded.work_done_measured, pay_amount = pay_amount + excluded.pay_amount;
  END;
  CREATE TRIGGER insights_weeks_delete AFTER DELETE ON work_order_insights BEGIN
    UPDATE insights_weeks SET orders = orders - 1, with_milestones = with_milestones - (OLD.created_at IS NOT NULL), work_done_late = work_done_late - coalesce(OLD.workdone_at > OLD.schedule_end, 0), work_done_measured = work_done_measured - (OLD.workdone_at IS NOT NULL AND OLD.schedule_end IS NOT NULL), pay_amount = pay_amount - coalesce(OLD.pay_committed, 0)
    WHERE OLD.schedule_start IS NOT NULL AND week = ((OLD.schedule_start - (SELECT phase FROM insights_grid)) / 604800000 - ((OLD.schedule_start - (SELECT phase FROM insights_grid)) % 604800000 < 0)) AND status_id = coalesce(OLD.status_id, -1) AND client_id = coalesce(OLD.client_id, -1) AND type_of_work_id = coalesce(OLD.type_of_work_id, -1);
  END;
  CREATE TRIGGER insights_weeks_update AFTER UPDATE ON work_order_insights WHEN OLD.schedule_start IS NOT NEW.schedule_start OR OLD.schedule_end IS NOT NEW.schedule_end OR OLD.status_id IS NOT NEW.status_id OR OLD.client_id IS NOT NEW.client_id OR OLD.type_of_work_id IS NOT NEW.type_of_work_id OR OLD.created_at IS NOT NEW.created_at OR OLD.workdone_at IS NOT NEW.workdone_at OR OLD.pay_committed IS NOT NEW.pay_committed BEGIN
    UPDATE insights_weeks SET orders = orders - 1, with_milestones = with_milestones - (OLD.created_at IS NOT NULL), work_done_late = work_done_late - coalesce(OLD.workdone_at > OLD.schedule_end, 0), work_done_measured = work_done_measured - (OLD.workdone_at IS NOT NULL AND OLD.schedule_end IS NOT NULL), pay_amount = pay_amount - coalesce(OLD.pay_committed, 0)
    WHERE OLD.schedule_start IS NOT NULL AND week = ((OLD.schedule_start - (SELECT phase FROM insights_grid)) / 604800000 - ((OLD.schedule_start - (SELECT phase FROM insights_grid)) % 604800000 < 0)) AND status_id = coalesce(OLD.status_id, -1) AND client_id = coalesce(OLD.client_id, -1) AND type_of_work_id = coalesce(OLD.type_of_work_id, -1);
    INSERT INTO insights_weeks (week, status_id, client_id, type_of_work_id, orders, with_milestones, work_done_late, work_done_measured, pay_amount) SELECT ((NEW.schedule_start - (SELECT phase FROM insights_grid)) / 604800000 - ((NEW.schedule_start - (SELECT phase FROM insights_grid)) % 604800000 < 0)), coalesce(NEW.status_id, -1), coalesce(NEW.client_id, -1), coalesce(NEW.type_of_work_id, -1), 1, (NEW.created_at IS NOT NULL), coalesce(NEW.workdone_at > NEW.schedule_end, 0), (NEW.workdone_at IS NOT NULL AND NEW.schedule_end IS NOT NULL), coalesce(NEW.pay_committed, 0) WHERE NEW.schedule_start IS NOT NULL ON CONFLICT (week, status_id, client_id, type_of_work_id) DO UPDATE SET orders = orders + excluded.orders, with_milestones = with_milestones + excluded.with_milestones, work_done_late = work_done_late + excluded.work_done_late, work_done_measured = work_done_measured + excluded.work_done_measured, pay_amount = pay_amount + excluded.pay_amount;
  END;
  
  DELETE FROM insights_weeks;
  INSERT INTO insights_weeks (week, status_id, client_id, type_of_work_id, orders, with_milestones, work_done_late, work_done_measured, pay_amount)
    SELECT ((i.schedule_start - g.phase) / 604800000 - ((i.schedule_start - g.phase) % 604800000 < 0)), coalesce(i.status_id, -1), coalesce(i.client_id, -1), coalesce(i.type_of_work_id, -1), SUM(1), SUM((i.created_at IS NOT NULL)), SUM(coalesce(i.workdone_at > i.schedule_end, 0)), SUM((i.workdone_at IS NOT NULL AND i.schedule_end IS NOT NULL)), SUM(coalesce(i.pay_committed, 0))
    FROM work_order_insights i, insights_grid g WHERE i.schedule_start IS NOT NULL GROUP BY 1, 2, 3, 4;`,
};
