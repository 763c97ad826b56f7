import type { Pay } from '../../src-shared/api/pay';
import { statusById, statusDisplay } from '../../src-shared/api/status';
import type { Schedule } from '../../src-shared/api/schedule';
import type { WorkOrderLocation } from '../../src-shared/api/location';

const DAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** `2026-11-29` + `05:14:16` → "Sun, Nov 29 05:14": calendar maths in UTC so the machine's zone never shifts the day. */
function dayAndTime(date: string, time: string): string | undefined {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return `${DAY.format(new Date(Date.UTC(year, month - 1, day)))} ${time.slice(0, 5)}`;
}

/**
 * The schedule's start as the technician sees it: the site's local time (the service sends it),
 * else the UTC time labelled as such. Never the coordinator's own zone, which would mislead.
 */
export function formatScheduleStart(schedule: Schedule | null | undefined): { text: string; zone: string } | undefined {
  const start = schedule?.service_window?.start;
  const zoneName = (schedule as { time_zone?: { name?: string } } | null | undefined)?.time_zone?.name;
  if (start?.local?.date && start.local.time) {
    const text = dayAndTime(start.local.date, start.local.time);
    if (text) return { text, zone: zoneName ?? 'site time' };
  }
  if (start?.utc) {
    const [date, time] = start.utc.split(' ');
    const text = date && time ? dayAndTime(date, time) : undefined;
    if (text) return { text: `${text} UTC`, zone: 'UTC' };
  }
  return undefined;
}

export function formatLocation(location: WorkOrderLocation | null | undefined): string {
  return [location?.city, location?.state].filter(Boolean).join(', ');
}

const PAY_SUFFIX: Record<string, string> = { hourly: '/h', device: '/device' };

export function formatPay(pay: Pay | null | undefined): string {
  const amount = pay?.base?.amount;
  if (amount === null || amount === undefined) return '';
  return `${MONEY.format(amount)}${PAY_SUFFIX[pay?.type ?? ''] ?? ''}`;
}

/** The assigned provider's name; `assignee` is untyped in the contract, so read it defensively. */
export function providerName(assignee: unknown): string {
  const user = (assignee as { user?: { first_name?: unknown; last_name?: unknown } } | null | undefined)?.user;
  return [user?.first_name, user?.last_name].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
}

/** "14:02" in the coordinator's own zone: when this machine last heard from the marketplace. */
export function formatClock(epochMs: number): string {
  return CLOCK.format(new Date(epochMs));
}

const MISSING_FIELD_NAMES: Record<string, string> = {
  types_of_work: 'a type of work',
  location: 'a location',
  'schedule.service_window': 'a schedule',
  'pay.base.amount': 'pay',
};

/** `['location', 'pay.base.amount']` → "a location and pay": what publish or assign still needs. */
export function describeMissing(fields: readonly string[]): string {
  const names = fields.map((field) => MISSING_FIELD_NAMES[field] ?? field);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const MONEY_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "$1,240" or "$12.50" (never "$12.5"): the marketplace pays in US dollars. */
export function formatMoney(amount: number | null | undefined): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '—';
  return Number.isInteger(amount) ? MONEY.format(amount) : MONEY_CENTS.format(amount);
}

/** The site's time zone as the service names it on the schedule or the location; undefined when it does not. */
export function siteZone(order: { schedule?: unknown; location?: unknown }): string | undefined {
  const read = (value: unknown) => (value as { time_zone?: { name?: unknown } } | null | undefined)?.time_zone?.name;
  const name = read(order.schedule) ?? read(order.location);
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * Any moment the service answers ({utc, local}), as "Sun, Nov 29 05:14" in the site's local time
 * when it sends one, else in UTC marked as such: like the schedule, never the coordinator's zone.
 */
export function formatTimestamp(moment: { utc?: string | null; local?: { date?: string | null; time?: string | null } | null } | null | undefined): string {
  if (moment?.local?.date && moment.local.time) {
    const text = dayAndTime(moment.local.date, moment.local.time);
    if (text) return text;
  }
  const [date, time] = (moment?.utc ?? '').split(' ');
  const text = date && time ? dayAndTime(date, time) : undefined;
  return text ? `${text} UTC` : '—';
}

/** The service window in the site's time: "Sun, Nov 29 09:00 – 13:00", with its mode's words. */
export function formatServiceWindow(schedule: Schedule | null | undefined): string | undefined {
  const window = schedule?.service_window;
  if (!window?.start) return undefined;
  const start = formatTimestamp(window.start);
  if (!window.end || window.mode === 'exact') return start;
  const end = formatTimestamp(window.end);
  // The same day twice reads as noise: "09:00 – 13:00" after the date.
  const sameDay = window.start.local?.date && window.start.local.date === window.end.local?.date;
  const range = `${start} – ${sameDay ? end.slice(end.lastIndexOf(' ') + 1) : end}`;
  return window.mode === 'hours' ? `${range} (any hours within)` : range;
}

/** A person as the service embeds one; the fallback names who it is when no name came. */
export function personName(person: { first_name?: string | null; last_name?: string | null; name?: string | null } | null | undefined, fallback = 'Unknown'): string {
  const name = [person?.first_name, person?.last_name].filter((part): part is string => typeof part === 'string' && part !== '').join(' ');
  return name || (typeof person?.name === 'string' && person.name !== '' ? person.name : fallback);
}

/** Seconds as "2 d 4 h", "3 h 20 min" or "12 min": durations of milestones and time logs. */
export function formatDuration(seconds: number | null | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/** "1.4 MB": file sizes in the attachment list. */
export function formatBytes(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** A calendar day in the coordinator's zone, for "last worked": "Nov 29, 2026". */
export function formatDay(epochMs: number | null | undefined): string {
  return typeof epochMs === 'number' ? new Date(epochMs).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '—';
}

/** "Assigned: Checked in": the status by its known name with the sub-status, else what the order says. */
export function formatStatus(status: { id: number; name?: string | null; display?: string | null; sub_status?: string | null } | null | undefined): string {
  const known = status ? statusById(status.id) : undefined;
  if (known) return statusDisplay(known.name, status?.sub_status);
  return status?.display ?? status?.name ?? '';
}
