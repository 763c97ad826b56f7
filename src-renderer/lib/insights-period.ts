/** The periods the screen offers: past weeks, with the current week and the next. */
export const PERIOD_WEEKS = [4, 12, 26, 52] as const;
export type PeriodWeeks = (typeof PERIOD_WEEKS)[number];

const WEEK_MS = 7 * 24 * 3_600_000;

export const periodLabel = (weeks: PeriodWeeks) => `Past ${weeks} weeks and next week`;

/**
 * [from, to) in epoch ms: from the Monday (local midnight) `weeks - 1` weeks before this one, to the
 * end of next week, so work scheduled soon is in it too. Weeks are 7 × 24 h from `from`.
 */
export function periodRange(weeks: PeriodWeeks, now: number = Date.now()): { from: number; to: number } {
  const monday = new Date(now);
  monday.setHours(0, 0, 0, 0);
  monday.setDate(monday.getDate() - ((monday.getDay() + 6) % 7));
  const thisWeek = monday.getTime();
  return { from: thisWeek - (weeks - 1) * WEEK_MS, to: thisWeek + 2 * WEEK_MS };
}

/** The shortest period that starts where the data does (its earliest service date), else the longest. */
export function periodCovering(firstScheduled: number | null, now: number = Date.now()): PeriodWeeks {
  if (firstScheduled === null) return PERIOD_WEEKS[0];
  return PERIOD_WEEKS.find((weeks) => periodRange(weeks, now).from <= firstScheduled) ?? 52;
}
