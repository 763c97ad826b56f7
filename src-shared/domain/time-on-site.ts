import { epochOfUtc } from './moments';

/** From when to when a provider is held by an order, in epoch milliseconds (end exclusive). */
export interface Span {
  start: number;
  end: number;
}

/** An exact start with no hours to go by holds the provider this long *(ours)*. */
export const DEFAULT_VISIT_HOURS = 2;

const HOUR = 3_600_000;

/** What the rule reads of an order, as sent or as answered: both carry `utc` and the pay's hours. */
export interface Scheduled {
  schedule?: { service_window?: { mode?: string | null; start?: { utc?: string | null } | null; end?: { utc?: string | null } | null } | null } | null;
  pay?: { type?: string | null; base?: { amount?: number | null; units?: number | null } | null } | null;
}

/**
 * The time an order holds its provider *(ours: the spec shows no duration)*, one rule for the
 * marketplace's availability and upcoming schedules and for the app's conflicts: a window
 * (`between`, `hours`) holds the whole window, as the provider may come at any time in it; an exact
 * start holds the hours an hourly or blended pay pays for, else DEFAULT_VISIT_HOURS. Undefined
 * without a schedule.
 */
export function timeOnSite(order: Scheduled): Span | undefined {
  const window = order.schedule?.service_window;
  const start = epochOfUtc(window?.start?.utc);
  if (start === undefined) return undefined;
  const end = window?.mode === 'exact' ? undefined : epochOfUtc(window?.end?.utc);
  if (end !== undefined && end > start) return { start, end };
  const paidHours = order.pay?.type === 'hourly' || order.pay?.type === 'blended' ? order.pay.base?.units : undefined;
  const hours = typeof paidHours === 'number' && paidHours > 0 ? paidHours : DEFAULT_VISIT_HOURS;
  return { start, end: start + hours * HOUR };
}

/** Whether two spans share a moment; one ending as the other starts does not. */
export const overlaps = (first: Span, second: Span): boolean => first.start < second.end && second.start < first.end;
