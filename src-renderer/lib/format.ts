import type { Pay } from '../../src-shared/api/pay';
import { statusById, statusDisplay } from '../../src-shared/api/status';
import type { Schedule } from '../../src-shared/api/schedule';
import type { WorkOrderLocation } from '../../src-shared/api/location';
import { epochOfUtc, formatMoment, formatMomentRange, formatOwnMoment, formatSiteMoment, siteZoneOf } from '../../src-shared/domain/moments';
import { personName as sharedPersonName, type NamedPerson } from '../../src-shared/domain/person-name';

/** What the site's zone is read from: the order's schedule and location. */
type SiteOrder = { schedule?: unknown; location?: unknown } | null | undefined;
type Moment = { utc?: string | null } | null | undefined;

const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });
const CLOCK = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * The schedule's start in the site's time with the site's zone named ("Sun, Nov 29 09:00 CST");
 * `zone` is the IANA name for a tooltip. Never the coordinator's own zone, which would mislead.
 */
export function formatScheduleStart(order: NonNullable<SiteOrder> & { schedule?: Schedule | null }): { text: string; zone: string } | undefined {
  const utc = order.schedule?.service_window?.start?.utc;
  if (!utc || epochOfUtc(utc) === undefined) return undefined;
  return { text: formatSiteMoment(utc, order), zone: siteZoneOf(order) };
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

/** "$65/h × 3 h": the base pay with the hours it counts, as the Overview and the work sheet show it. */
export function formatPayBasis(pay: Pay | null | undefined): string {
  const base = formatPay(pay);
  const units = pay?.type === 'hourly' ? pay.base?.units : undefined;
  return base && units ? `${base} × ${units} h` : base;
}

/** The schedule's kinds in the job form's words, which the order's Overview and work sheet repeat. */
export const SCHEDULE_MODE_LABELS = {
  exact: 'At a set time',
  between: 'Arrive within a window',
  hours: 'During business hours',
} as const;

/** The kind of an order's schedule in those words; undefined for a mode the app does not know. */
export function scheduleModeLabel(mode: string | null | undefined): string | undefined {
  return mode && Object.hasOwn(SCHEDULE_MODE_LABELS, mode) ? SCHEDULE_MODE_LABELS[mode as keyof typeof SCHEDULE_MODE_LABELS] : undefined;
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
  service_types: 'a service type',
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

/** A moment the service answers ({utc}) in the site's time, its zone named: a schedule, an ETA, a check-in, a problem at the site. */
export function formatSiteTime(moment: Moment, order: SiteOrder): string {
  return formatSiteMoment(moment?.utc, order);
}

/**
 * A moment in the coordinator's own time, its zone named: a message, a request, a review, a file
 * received. A thread or a queue across sites reads in one zone, in the order things happened.
 */
export function formatOwnTime(moment: Moment): string {
  return formatOwnMoment(epochOfUtc(moment?.utc));
}

/** The service window in the site's time: "Sun, Nov 29 09:00 – 13:00 CST", with its mode's words. */
export function formatServiceWindow(window: Schedule['service_window'] | null | undefined, order: SiteOrder): string | undefined {
  const start = epochOfUtc(window?.start?.utc);
  if (!window || start === undefined) return undefined;
  const end = epochOfUtc(window.end?.utc);
  if (end === undefined || window.mode === 'exact') return formatMoment(start, siteZoneOf(order));
  const range = formatMomentRange(start, end, siteZoneOf(order));
  return window.mode === 'hours' ? `${range} (any hours within)` : range;
}

/** A person as the service embeds one; the fallback names who it is when no name came. */
export function personName(person: NamedPerson | null | undefined, fallback = 'Unknown'): string {
  return sharedPersonName(person) ?? fallback;
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
