import type { CachedWorkOrderQuery } from './work-order-query';

/**
 * A search whose words match much of the cache ("install" in a million orders matches 143,000):
 * sorting every match for a page of 100 cost 0.2 s. When the search is the list's only condition,
 * the text index counts the matches itself, and from this many on the page is read by walking the
 * sort's own order and keeping the matches, which meets a page of them within a few hundred rows.
 * Fewer matches are cheaper sorted (a walk would pass most of the orders to find them).
 */
export const WIDE_SEARCH = 2_000;

/** A list of statuses, or filters, are walked when they hold at least one order in this many of the cache. */
export const WIDE_LIST_SHARE = 20;

/**
 * The most rows a walk may pass to reach its page's end: a page deeper than that, scrolled to, is
 * read sorted instead. About 60 ms at a million orders, each row looked up in the table (40,000 rows
 * of a city's walk took 120 ms, timed once by hand; no bench prints it).
 */
const WALK_ROWS = 20_000;

/** Whether a walk meets `reach` rows of `matches` (of `orders` in the cache) within `WALK_ROWS`. */
export const walkReaches = (reach: number, matches: number, orders: number): boolean => reach * orders <= WALK_ROWS * Math.max(1, matches);

/**
 * An order asked of the text index by its rowid, per word of the search (16.5 µs at a million
 * orders; "install de" 33.5, "install kiosk de" 51.7), and a match made into a set (0.17 µs): both
 * timed by hand.
 */
const ROW_CHECK_US = 16.5;
const SET_MATCH_US = 0.17;

/**
 * Whether a walk reaching `reach` rows of `matches` (of `orders`) costs less asking each order it
 * passes of the text index, for each of the search's `words`, than making every match into a set
 * first: "de" matches a million orders, whose set took 120 ms (timed by hand), while a page of them
 * lies within its first hundred rows.
 */
export const rowChecksCheaper = (reach: number, matches: number, orders: number, words = 1): boolean =>
  ((reach * orders) / Math.max(1, matches)) * ROW_CHECK_US * Math.max(1, words) < matches * SET_MATCH_US;

/** The id's walk: the table's own order, no index named. */
export const ID_WALK = '';

/** Each sort that has an order to walk: its own index (migration 0001), the table's own for the id. */
const WALKS: Partial<Record<NonNullable<CachedWorkOrderQuery['sort']>, string>> = {
  schedule: 'INDEXED BY work_orders_schedule',
  id: ID_WALK,
  title: 'INDEXED BY work_orders_title',
  pay: 'INDEXED BY work_orders_pay',
  status: 'INDEXED BY work_orders_status_rank',
  updated: 'INDEXED BY work_orders_updated',
};

/** How a wide search's page is read for this sort, or undefined when it has no order to walk. */
export const walkFor = (sort: CachedWorkOrderQuery['sort']): string | undefined => WALKS[sort ?? 'id'];

export const SEARCH_COUNT_SQL = 'SELECT COUNT(*) FROM work_orders_search WHERE work_orders_search MATCH ?';
