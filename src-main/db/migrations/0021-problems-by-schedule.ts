import type { Migration } from './index';

/**
 * The Problems list by schedule (issue 27): about one order in fifty, too few to walk the schedule
 * index for and too many to sort at a million (20,000 rows, ~50 ms). A partial index of those
 * orders in schedule order gives its page in order; its condition is the list's own
 * (`work-order-query.ts`), word for word, or SQLite will not use it.
 */
export const migration0021: Migration = {
  version: 21,
  name: 'problems-by-schedule',
  up: `
    CREATE INDEX work_orders_problems_schedule ON work_orders(schedule_start, id) WHERE open_problems > 0;
  `,
};
