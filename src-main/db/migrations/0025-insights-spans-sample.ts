import type { Migration } from './index';

/**
 * Insights' durations are medians and 90th percentiles, which no weekly sum can hold: a year of a
 * million orders with milestones read 700,000 spans into main and sorted them (most of main's 1.5 s p50 for a year in `insights-in-chromium`). Past a size
 * (insights-durations.ts) they are estimated from every 16th order by id, which this index holds
 * alone, in service-date order, with the columns the spans read. Written out as shipped: another
 * sampling rate (insights-durations.ts) needs a new index in a new migration (the plan is tested).
 */
export const migration0025: Migration = {
  version: 25,
  name: 'insights-spans-sample',
  up: `
    CREATE INDEX work_order_insights_spans_sample ON work_order_insights(
      schedule_start, type_of_work_id, client_id, assigned_at, published_at, created_at, workdone_at
    ) WHERE schedule_start IS NOT NULL AND work_order_id % 16 = 0;
  `,
};
