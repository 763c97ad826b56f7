// How SQLite compares what the columns kept in memory hold (filter-columns.ts), so their answers
// are SQL's own.

/**
 * A city, state or country as their columns compare them (`COLLATE NOCASE`, migration 0001):
 * SQLite folds the 26 ASCII capitals only, so "DENVER" is "Denver" but "ÉVRY" is not "évry".
 */
export const noCase = (value: string): string => value.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase());

/** SQLite's ascending order of the schedule (NaN for NULL): none first. */
export function scheduleOrder(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a - b;
}
