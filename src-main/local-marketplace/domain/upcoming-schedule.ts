import type { UserUpcomingSchedule } from '../../../src-shared/api/user';
import type { Span } from '../../../src-shared/domain/time-on-site';
import { apiTimestamp } from '../http/timestamp';

// A provider's booked time as the `User` model's `upcoming_schedule` *(ours: the format, see
// src-shared/api/user.ts)*: dates and times of day in the provider's own zone, a stretch across
// midnight cut into one entry per date.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Minutes past local midnight of a `HH:MM:SS` time. */
function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The first local midnight after `moment`; a day of a daylight saving change lasts 23 or 25 hours. */
function nextMidnight(moment: number, timeZone: string): number {
  const time = apiTimestamp(moment, timeZone).local.time;
  const seconds = Number(time.slice(6, 8));
  const guess = moment - (minutesOf(time) * 60 + seconds) * 1000 - (moment % 1000) + DAY;
  const past = minutesOf(apiTimestamp(guess, timeZone).local.time);
  return guess - (past > 12 * 60 ? past - 24 * 60 : past) * MINUTE;
}

/** One span as entries, a date at a time. */
function entries(span: Span, timeZone: string): (UserUpcomingSchedule & { end: number })[] {
  const cut: (UserUpcomingSchedule & { end: number })[] = [];
  for (let from = span.start; from < span.end; ) {
    const local = apiTimestamp(from, timeZone).local;
    const midnight = nextMidnight(from, timeZone);
    const to = Math.min(span.end, midnight);
    cut.push({ date: local.date, from: local.time.slice(0, 5), to: to === midnight ? '24:00' : apiTimestamp(to, timeZone).local.time.slice(0, 5), end: to });
    from = to;
  }
  return cut;
}

/** The booked time that has not ended by `now`, in time order. */
export function upcomingSchedule(spans: readonly Span[], timeZone: string, now: number): UserUpcomingSchedule[] {
  return [...spans]
    .sort((first, second) => first.start - second.start)
    .flatMap((span) => entries(span, timeZone))
    .filter((entry) => entry.end > now)
    .map(({ end: _end, ...entry }) => entry);
}
