import { INSIGHTS_WEEKS_SCHEMA } from '../insights-weeks';
import type { Migration } from './index';

/**
 * Insights' counts and pay per week, kept by triggers as the orders' insights rows change (issue 27:
 * a year of a million orders read the period index once per figure, 2.7 s). See insights-weeks.ts.
 */
export const migration0022: Migration = {
  version: 22,
  name: 'insights-weeks',
  up: INSIGHTS_WEEKS_SCHEMA,
};
