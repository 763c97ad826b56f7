import type { Pay } from '../../src-shared/api/pay';
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
