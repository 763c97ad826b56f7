import type { DurationRow } from '../../src-shared/ipc/insights';

/** The grouping of durations: by type of work or by client. */
export type DurationGroup = 'type' | 'client';

/**
 * One row of the period's orders for the durations: the two keys and the two spans in ms, null
 * where a milestone is missing. Read raw (arrays), in this order, by `durationSpansSql`.
 */
type SpanRow = [typeOfWorkId: number | null, clientId: number | null, dispatchMs: number | null, workDoneMs: number | null];

/**
 * The period's spans in one range scan of the covering index (`where` filters `i`,
 * work_order_insights). The percentiles are taken here rather than by SQL window functions, which
 * sorted the whole period once per figure and grouping: main's answer for a year of 100,000 orders
 * went from 335 to 154 ms (`npm run bench -- insights-in-chromium`, its baseline rows).
 */
export const durationSpansSql = (where: string, sampled = false) => `SELECT i.type_of_work_id, i.client_id,
    (i.assigned_at - coalesce(i.published_at, i.created_at)), (i.workdone_at - i.assigned_at)
  FROM work_order_insights i WHERE ${where}
    AND ((i.assigned_at - coalesce(i.published_at, i.created_at)) >= 0 OR (i.workdone_at - i.assigned_at) >= 0)${sampled ? ` AND i.work_order_id % ${DURATION_SAMPLE_EVERY} = 0` : ''}`;

/**
 * Past this many orders with milestones in a period, durations are estimated from every
 * `DURATION_SAMPLE_EVERY`th order by id (its own index, migration 0025): over 6,000 orders in all
 * instead of hundreds of thousands read and sorted. A group with few orders gets a rougher estimate
 * (its count, shown as "Orders sampled", says how rough); the screen says the figures are estimated.
 */
export const DURATION_SAMPLE_ABOVE = 100_000;
/** Migration 0025's index holds exactly these orders: changing it takes a new index (the plan is tested). */
export const DURATION_SAMPLE_EVERY = 16;

/**
 * Median and 90th percentile by nearest rank (the value at rank ceil(p × n)) of each group's spans,
 * the groups by count, most first, then by key with no key first. `name` names a group's key.
 */
export function durationRows(rows: readonly SpanRow[], span: 'dispatch' | 'workDone', group: DurationGroup, name: (id: number | null) => string | null): DurationRow[] {
  const column = span === 'dispatch' ? 2 : 3;
  const keyColumn = group === 'type' ? 0 : 1;
  const groups = new Map<number | null, number[]>();
  for (const row of rows) {
    const value = row[column];
    if (value === null || value < 0) continue;
    const key = row[keyColumn];
    const values = groups.get(key);
    if (values) values.push(value);
    else groups.set(key, [value]);
  }
  const result: DurationRow[] = [];
  for (const [id, values] of groups) {
    // A typed array sorts numbers as numbers, and faster than a comparator.
    const sorted = Float64Array.from(values).sort();
    const count = sorted.length;
    const at = (rank: number) => sorted[rank - 1] as number;
    // ceil(p × n) in whole numbers: ceil(n / 2) and ceil(9n / 10).
    result.push({ id, name: name(id), count, medianSeconds: Math.round(at(Math.floor((count + 1) / 2)) / 1000), p90Seconds: Math.round(at(Math.floor((9 * count + 9) / 10)) / 1000) });
  }
  return result.sort((a, b) => b.count - a.count || (a.id === null ? -1 : b.id === null ? 1 : a.id - b.id));
}
