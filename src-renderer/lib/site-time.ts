import { type CalendarDateTime, fromAbsolute, parseDateTime, toCalendarDateTime, toZoned } from '@internationalized/date';

/**
 * Times a coordinator enters are the site's wall time (`YYYY-MM-DDTHH:MM`, as a datetime-local
 * input holds it); the marketplace takes UTC (`YYYY-MM-DD HH:MM:SS`). These two convert, in the
 * site's IANA zone, never the machine's.
 */

/** `2026-11-29 15:00:00` (UTC) → `2026-11-29T09:00` at the site. */
export function utcToSite(utc: string | null | undefined, zone: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):\d{2}$/.exec(utc ?? '');
  if (!match) return '';
  const epoch = Date.parse(`${match[1]}T${match[2]}:00Z`);
  // A moment the marketplace should never send (hour 25) is no time, not a crash.
  if (!Number.isFinite(epoch)) return '';
  const local = toCalendarDateTime(fromAbsolute(epoch, zone));
  return local.toString().slice(0, 16);
}

/** `2026-11-29T09:00` at the site → `2026-11-29 15:00:00` (UTC); empty when the text is no time. */
export function siteToUtc(local: string, zone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  let parsed: CalendarDateTime;
  try {
    parsed = parseDateTime(local);
  } catch {
    return '';
  }
  // A wall time skipped by a clock change moves forward, as the site's clocks do; one that happens
  // twice is the first (as utcToSite shows the first, so an untouched time reads back the same).
  return toZoned(parsed, zone, 'compatible').toDate().toISOString().slice(0, 19).replace('T', ' ');
}
