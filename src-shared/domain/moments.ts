import { pointOf } from './geo-point';
import { timeZoneFor } from './site-time-zone';

/**
 * One rule for every time shown (issue 24): a time at the site (its schedule, an ETA, a check-in, a
 * file uploaded there) is said in the site's zone, the coordinator's own actions in the
 * coordinator's zone, and either way the zone is named ("Sun, Nov 29 09:00 CST"). Lists sort by the
 * instant, never by the text.
 */

/** The marketplace's UTC text ("2026-11-29 15:00:00") as epoch ms; undefined when it is no time. */
export function epochOfUtc(utc: string | null | undefined): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)/.exec(utc ?? '');
  if (!match) return undefined;
  const epoch = Date.parse(`${match[1]}T${match[2]}Z`);
  return Number.isFinite(epoch) ? epoch : undefined;
}

interface Located {
  schedule?: unknown;
  location?: unknown;
}

/** The site's IANA zone as the marketplace names it on the schedule or the location; undefined when it names none. */
export function namedZoneOf(order: Located | null | undefined): string | undefined {
  const named = (value: unknown) => (value as { time_zone?: { name?: unknown } } | null | undefined)?.time_zone?.name;
  const name = named(order?.schedule) ?? named(order?.location);
  return typeof name === 'string' && name !== '' && isZone(name) ? name : undefined;
}

/**
 * The site's IANA zone: as the marketplace names it, else worked out by the shared rule from the
 * location's `coordinates` when it has them, else from its address.
 */
export function siteZoneOf(order: Located | null | undefined): string {
  const location = order?.location as { state?: string | null; country?: string | null; coordinates?: unknown } | null | undefined;
  return namedZoneOf(order) ?? timeZoneFor(location ?? undefined, pointOf(location?.coordinates));
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (the dispatch board's week
// formats thousands of moments a render: building one per call made opening it take seconds), so
// the answers and formatters per zone are kept; a machine knows few zones.
const knownZones = new Map<string, boolean>();
function isZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/** The coordinator's own zone, as this machine has it. */
export const ownZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'short', day: 'numeric', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    formatters.set(zone, found);
  }
  return found;
}

interface Parts {
  weekday: string;
  month: string;
  day: string;
  year: string;
  hour: string;
  minute: string;
  timeZoneName: string;
}

function partsOf(epoch: number, zone: string): Parts {
  const parts = Object.fromEntries(formatter(zone).formatToParts(new Date(epoch)).map((part) => [part.type, part.value])) as Partial<Parts>;
  return { weekday: '', month: '', day: '', year: '', hour: '', minute: '', timeZoneName: '', ...parts };
}

/** The calendar day of a moment in a zone, as a number that orders days ("20261129"). */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayNumber(epoch: number, zone: string): number {
  let format = dayFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(zone, format);
  }
  const text = format.format(new Date(epoch));
  return Number(text.replaceAll('-', ''));
}

export interface MomentOptions {
  /** Say "today", "yesterday" or "tomorrow" for those days (in that zone) instead of the date. */
  relative?: boolean;
  /** What "now" is; the clock by default. */
  now?: number;
}

/**
 * The year of `now` in `zone`, kept for the minute: every moment formatted compares its year with
 * it, and a zone's year turns at one of its midnights, which falls on a whole UTC minute.
 */
const yearsNow = new Map<string, { minute: number; year: string }>();
function yearOf(now: number, zone: string): string {
  const minute = Math.floor(now / 60_000);
  let found = yearsNow.get(zone);
  if (found?.minute !== minute) {
    found = { minute, year: partsOf(now, zone).year };
    yearsNow.set(zone, found);
  }
  return found.year;
}

/**
 * "Sun, Nov 29 09:00 CST" in `zone`; the year only when it is not this year's; "yesterday 19:38
 * CST" when asked for relative days. An unknown zone falls back to UTC, named as such.
 */
export function formatMoment(epoch: number, zone: string, options: MomentOptions = {}): string {
  const safeZone = isZone(zone) ? zone : 'UTC';
  const now = options.now ?? Date.now();
  const parts = partsOf(epoch, safeZone);
  const clock = `${parts.hour === '24' ? '00' : parts.hour}:${parts.minute} ${parts.timeZoneName}`;
  if (options.relative) {
    const difference = Math.round((Date.UTC(...ymd(dayNumber(epoch, safeZone))) - Date.UTC(...ymd(dayNumber(now, safeZone)))) / 86_400_000);
    const word = difference === 0 ? 'today' : difference === -1 ? 'yesterday' : difference === 1 ? 'tomorrow' : undefined;
    if (word) return `${word} ${clock}`;
  }
  const year = parts.year === yearOf(now, safeZone) ? '' : `, ${parts.year}`;
  return `${parts.weekday}, ${parts.month} ${parts.day}${year} ${clock}`;
}

/**
 * A span in one zone, the zone named once: "Sun, Nov 29 09:00 – 13:00 CST" within a day, else
 * both ends in full.
 */
export function formatMomentRange(start: number, end: number, zone: string, options: MomentOptions = {}): string {
  const safeZone = isZone(zone) ? zone : 'UTC';
  if (dayNumber(start, safeZone) !== dayNumber(end, safeZone)) return `${formatMoment(start, safeZone, options)} – ${formatMoment(end, safeZone, options)}`;
  const first = formatMoment(start, safeZone, options);
  const parts = partsOf(end, safeZone);
  // The first end's text without its zone, then the second's clock and the zone.
  return `${first.slice(0, first.lastIndexOf(' '))} – ${parts.hour === '24' ? '00' : parts.hour}:${parts.minute} ${parts.timeZoneName}`;
}

const ymd = (day: number): [number, number, number] => [Math.floor(day / 10_000), Math.floor(day / 100) % 100 - 1, day % 100];

/** A time at the site, from the marketplace's UTC text: "Sun, Nov 29 09:00 CST"; "—" when there is none. */
export function formatSiteMoment(utc: string | null | undefined, order: Located | null | undefined, options: MomentOptions = {}): string {
  const epoch = epochOfUtc(utc);
  return epoch === undefined ? '—' : formatMoment(epoch, siteZoneOf(order), options);
}

/** One of the coordinator's own actions, in the coordinator's zone: "Sun, Nov 29 07:40 PST". */
export function formatOwnMoment(epoch: number | undefined, options: MomentOptions = {}): string {
  return epoch === undefined ? '—' : formatMoment(epoch, ownZone(), options);
}
