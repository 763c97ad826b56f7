import type { TimeLog } from '../../../src-shared/api/time-log';
import type { MarketplaceContext } from '../context';
import { invalidInput } from '../http/errors';
import { preparedStatement } from '../store/database';
import { requireAssignee, requireOrder } from './provider-common';
import { orderTimestamp, personSummary, wholeList } from './work-order-parts';
import type { WorkOrderRecord } from './work-order-record';

const HOUR = 3_600_000;

interface TimeLogRow {
  id: number;
  work_order_id: number;
  provider_id: number;
  in_at: number;
  out_at: number | null;
  verified: 0 | 1;
}

/** Time a provider logs after the fact, from the simulation. */
export interface LoggedTime {
  workOrderId: number;
  providerId: number;
  hours: number;
  /** When the work began; `hours` before now when absent. */
  start?: number;
  verified?: boolean;
}

const hoursBetween = (from: number, to: number) => Math.round(((to - from) / HOUR) * 100) / 100;

function present(context: MarketplaceContext, record: WorkOrderRecord, row: TimeLogRow): TimeLog {
  return {
    id: row.id,
    in: orderTimestamp(record, row.in_at),
    out: row.out_at === null ? null : orderTimestamp(record, row.out_at),
    // An open log (checked in, not out) has no hours yet.
    hours: row.out_at === null ? 0 : hoursBetween(row.in_at, row.out_at),
    verified: row.verified === 1,
    logged_by: personSummary(context, row.provider_id),
    actions: [],
  };
}

function rowsOf(context: MarketplaceContext, workOrderId: number): TimeLogRow[] {
  return preparedStatement(context, 'SELECT * FROM time_logs WHERE work_order_id = ? ORDER BY in_at, id').all(workOrderId) as TimeLogRow[];
}

/** GET workorders/{id}/time_logs, with the hours of the closed logs summed (models.txt TimeLogs). */
export function listTimeLogs(context: MarketplaceContext, record: WorkOrderRecord) {
  const results = rowsOf(context, record.id).map((row) => present(context, record, row));
  const hours = Math.round(results.reduce((sum, log) => sum + (log.hours ?? 0), 0) * 100) / 100;
  return { ...wholeList(results), hours, actions: [] };
}

export function hasOpenTimeLog(context: MarketplaceContext, workOrderId: number): boolean {
  return preparedStatement(context, 'SELECT 1 FROM time_logs WHERE work_order_id = ? AND out_at IS NULL').get(workOrderId) !== undefined;
}

/** Checking in starts a log; checking in again while on site keeps the one that is open. */
export function openTimeLog(context: MarketplaceContext, workOrderId: number, providerId: number, at: number): void {
  if (hasOpenTimeLog(context, workOrderId)) return;
  preparedStatement(context, 'INSERT INTO time_logs (work_order_id, provider_id, in_at) VALUES (?, ?, ?)').run(workOrderId, providerId, at);
}

/** Checking out (or completing) ends the open log, if one is open. */
export function closeTimeLog(context: MarketplaceContext, workOrderId: number, at: number): void {
  preparedStatement(context, 'UPDATE time_logs SET out_at = ? WHERE work_order_id = ? AND out_at IS NULL').run(at, workOrderId);
}

/** The assignee logs hours worked; the log ends by now at the latest. */
export function logTime(context: MarketplaceContext, logged: LoggedTime): TimeLog {
  const now = context.clock.now();
  return context.db.transaction(() => {
    const record = requireOrder(context, logged.workOrderId);
    requireAssignee(record, logged.providerId, 'log time');
    const start = logged.start ?? now - Math.round(logged.hours * HOUR);
    const end = start + Math.round(logged.hours * HOUR);
    if (end > now) throw invalidInput('Can not log time: the logged hours would end in the future', ['in']);
    const id = Number(
      preparedStatement(context, 'INSERT INTO time_logs (work_order_id, provider_id, in_at, out_at, verified) VALUES (?, ?, ?, ?, ?)').run(
        record.id,
        logged.providerId,
        start,
        end,
        logged.verified ? 1 : 0,
      ).lastInsertRowid,
    );
    return present(context, record, rowsOf(context, record.id).find((row) => row.id === id) as TimeLogRow);
  })();
}
