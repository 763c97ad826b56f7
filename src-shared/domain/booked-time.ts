import type { User, UserUpcomingSchedule } from '../api/user';
import type { Span } from './time-on-site';
import { epochAtWallTime } from './wall-time';

/** Leftovers shorter than this, where the marketplace's minutes meet our milliseconds, are rounding, not bookings. */
const SLIVER_MS = 5 * 60_000;

/**
 * A provider's `upcoming_schedule` (dates and `HH:MM` in their own zone, a stretch across midnight
 * cut at `24:00`) as instants, the cut stretches joined again; entries that do not read are left out.
 */
export function bookedSpans(schedule: readonly UserUpcomingSchedule[], zone: string): Span[] {
  const spans: Span[] = [];
  for (const entry of schedule) {
    if (!entry.date || !entry.from || !entry.to) continue;
    const start = epochAtWallTime(entry.date, entry.from, zone);
    const end = epochAtWallTime(entry.date, entry.to, zone);
    if (start !== undefined && end !== undefined && end > start) spans.push({ start, end });
  }
  spans.sort((first, second) => first.start - second.start);
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

/** `spans` without the time `taken` covers (our own orders, drawn as blocks already). */
export function withoutSpans(spans: readonly Span[], taken: readonly Span[]): Span[] {
  let left: Span[] = spans.map((span) => ({ ...span }));
  for (const cut of taken) {
    left = left.flatMap((span) => {
      if (cut.end <= span.start || cut.start >= span.end) return [span];
      return [
        { start: span.start, end: cut.start },
        { start: cut.end, end: span.end },
      ].filter((part) => part.end - part.start >= SLIVER_MS);
    });
  }
  return left;
}

/**
 * The zone a provider's `upcoming_schedule` is written in: the `time_zone` name where Intl knows
 * it, else its whole-hour offset (a name of the service's own, "Eastern"), else UTC.
 */
export function userZone(user: Pick<User, 'time_zone'>): string {
  const { name, offset } = user.time_zone ?? {};
  if (name) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      return name;
    } catch {
      // Not an IANA name: the offset says as much for the days ahead.
    }
  }
  return typeof offset === 'number' && Number.isInteger(offset) && offset !== 0 ? `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}` : 'UTC';
}
