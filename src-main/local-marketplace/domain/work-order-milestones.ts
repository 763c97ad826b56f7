import type { Timestamp } from '../../../src-shared/api/common';
import { STATUS_SLUGS, type Milestones } from '../../../src-shared/api/status';
import { apiTimestamp } from '../http/timestamp';
import type { WorkOrderRecord } from './work-order-record';

const timestamps = new Map<string, Timestamp>();
const TIMESTAMP_CACHE_LIMIT = 100_000;

/**
 * `apiTimestamp`, remembered: it is a pure function of its arguments and costs microseconds in
 * Intl, which a page of orders repeats for the same stored moments on every request.
 */
export function timestampAt(ms: number, timeZone: string): Timestamp {
  const key = `${timeZone} ${ms}`;
  let timestamp = timestamps.get(key);
  if (!timestamp) {
    if (timestamps.size >= TIMESTAMP_CACHE_LIMIT) timestamps.clear();
    const { utc, local } = apiTimestamp(ms, timeZone);
    // Shared by every answer that shows this moment, so nobody may change it.
    timestamp = Object.freeze({ utc, local: Object.freeze(local) });
    timestamps.set(key, timestamp);
  }
  return timestamp;
}

const seconds = (from: number | undefined, to: number | undefined): number => (from === undefined || to === undefined ? 0 : Math.max(0, Math.round((to - from) / 1000)));

/**
 * GET milestones (decisions §2): the first entry into each state, and durations in seconds that
 * stay 0 until both of their ends happened. An order stops ageing once paid or cancelled.
 */
export function presentMilestones(record: WorkOrderRecord, timeZone: string, now: number): Milestones {
  const stamps = record.data.milestones;
  const end = stamps.paid ?? stamps.canceled ?? now;
  const timestamps = Object.fromEntries(STATUS_SLUGS.map((slug) => [slug, stamps[slug] === undefined ? null : timestampAt(stamps[slug], timeZone)]));
  return {
    time_to_dispatch: seconds(stamps.published ?? stamps.created, stamps.assigned),
    time_to_work_done: seconds(stamps.assigned, stamps.workdone),
    time_alive: seconds(stamps.created, end),
    ...timestamps,
  };
}
