import { formatMomentRange } from '../../src-shared/domain/moments';
import { fromAbsolute, parseDate, startOfWeek, toZoned, type ZonedDateTime } from '@internationalized/date';
import type { BoardOrder } from '../../src-shared/ipc/dispatch';
import type { ServiceWindowInput } from '../../src-shared/api/schedule';

/**
 * The dispatch board's clock. The board is drawn in the coordinator's zone (days start at their
 * midnight, today is theirs); a move is done in the site's wall time, so "two hours later" or "the
 * next day" keeps meaning that at the site across a daylight-saving change.
 */

export const PERIOD_KINDS = ['day', 'three-days', 'week'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_LABELS: Record<PeriodKind, string> = { day: 'Day', 'three-days': '3 days', week: 'Week' };
const PERIOD_DAYS: Record<PeriodKind, number> = { day: 1, 'three-days': 3, week: 7 };
/** Pixels per hour: a day is read hour by hour, a week day by day. */
export const HOUR_WIDTH: Record<PeriodKind, number> = { day: 64, 'three-days': 26, week: 12 };
/** The step of a keyboard move in time, and the grid a drop snaps to, in minutes. */
export const STEP_MINUTES: Record<PeriodKind, number> = { day: 30, 'three-days': 60, week: 60 };

const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface Period {
  kind: PeriodKind;
  /** Midnight of the first day, in the coordinator's zone (epoch ms). */
  from: number;
  /** Midnight after the last day (exclusive). */
  to: number;
  zone: string;
}

const midnight = (moment: ZonedDateTime): ZonedDateTime => moment.set({ hour: 0, minute: 0, second: 0, millisecond: 0 });

/**
 * The moment a period's view opens on (its left edge, on an hour), `visibleMs` wide: an hour before
 * its earliest order (the one listed first may start later), or before 07:00 with none. On today,
 * now stays in view with an hour after it: orders begun earlier today show as far as that allows.
 */
export function openingMoment(period: Pick<Period, 'from' | 'to'>, blocks: readonly { start: number; end: number }[], now: number, visibleMs: number): number {
  let earliest = Infinity;
  for (const block of blocks) if (block.end > period.from && block.start < period.to) earliest = Math.min(earliest, Math.max(block.start, period.from));
  const holdsNow = now >= period.from && now < period.to;
  const first = Number.isFinite(earliest) ? earliest : holdsNow ? now : period.from + 7 * HOUR;
  // On an hour, so the time head's first label is whole: down from the order, up from the bound that keeps now in view.
  const hour = (moment: number, round: (hours: number) => number) => period.from + round((moment - period.from) / HOUR) * HOUR;
  const opening = hour(Math.min(first, holdsNow ? now : first) - HOUR, Math.floor);
  return Math.max(period.from, holdsNow ? Math.max(opening, hour(now + HOUR - visibleMs, Math.ceil)) : opening);
}

/** The period of `kind` holding `at`: a day or three from that day, a week from its Monday. */
export function periodAt(kind: PeriodKind, at: number, zone: string): Period {
  let first = midnight(fromAbsolute(at, zone));
  if (kind === 'week') first = midnight(toZoned(startOfWeek(first, 'en-GB'), zone));
  return { kind, from: first.toDate().getTime(), to: first.add({ days: PERIOD_DAYS[kind] }).toDate().getTime(), zone };
}

/** The period of `kind` holding a calendar day typed as `YYYY-MM-DD`; undefined when it is no date. */
export function periodOfDate(kind: PeriodKind, text: string, zone: string): Period | undefined {
  try {
    return periodAt(kind, toZoned(parseDate(text), zone).toDate().getTime(), zone);
  } catch {
    return undefined;
  }
}

/** `YYYY-MM-DD` of the period's first day, as a date field holds it. */
export const dateOf = (period: Period): string => fromAbsolute(period.from, period.zone).toString().slice(0, 10);

/** "Sat, Nov 28" for a day, "Mon, Nov 23 – Sun, Nov 29" for more: the toolbar's heading. */
export function rangeLabel(period: Period): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: period.zone, weekday: 'short', month: 'short', day: 'numeric' });
  const first = format.format(new Date(period.from));
  return period.kind === 'day' ? first : `${first} – ${format.format(new Date(period.to - 1))}`;
}

/** The period before or after (`step` -1 or 1), of the same kind. */
export function shiftPeriod(period: Period, step: number): Period {
  const first = fromAbsolute(period.from, period.zone).add({ days: step * PERIOD_DAYS[period.kind] });
  return periodAt(period.kind, first.toDate().getTime(), period.zone);
}

/** The days of a period, each with its midnight and the next (a day with a clock change is 23 or 25 hours). */
export function daysOf(period: Period): { start: number; end: number }[] {
  const days: { start: number; end: number }[] = [];
  let day = fromAbsolute(period.from, period.zone);
  while (day.toDate().getTime() < period.to) {
    const next = day.add({ days: 1 });
    days.push({ start: day.toDate().getTime(), end: next.toDate().getTime() });
    day = next;
  }
  return days;
}

/** The board's width for a period, and where a moment falls on it. */
export const boardWidth = (period: Period): number => ((period.to - period.from) / HOUR) * HOUR_WIDTH[period.kind];
export const xOf = (period: Period, moment: number): number => ((moment - period.from) / HOUR) * HOUR_WIDTH[period.kind];
export const momentAt = (period: Period, x: number): number => period.from + (x / HOUR_WIDTH[period.kind]) * HOUR;

/** A move by the pointer, in whole steps of the period: a block keeps its own minutes, as a drag moves it by so much. */
export function snappedMinutes(period: Period, milliseconds: number): number {
  const step = STEP_MINUTES[period.kind];
  return Math.round(milliseconds / MINUTE / step) * step;
}

/**
 * The order's window moved by `minutes` (and `days`) in its site's wall time, kept in its mode: an
 * exact time stays exact, a window keeps its length. The marketplace's UTC text.
 */
export function movedWindow(order: Pick<BoardOrder, 'mode' | 'start' | 'end' | 'timeZone'>, minutes: number, days = 0): ServiceWindowInput {
  const zone = order.timeZone ?? 'UTC';
  const move = (moment: number) => fromAbsolute(moment, zone).add({ days }).add({ minutes });
  const utc = (moment: ZonedDateTime) => ({ utc: moment.toDate().toISOString().slice(0, 19).replace('T', ' ') });
  const start = move(order.start);
  if (order.mode === 'exact') return { mode: 'exact', start: utc(start) };
  return { mode: order.mode, start: utc(start), end: utc(move(order.end)) };
}

/** The instant span of a moved window: where the block is drawn while the move waits to be sent. */
export function movedSpan(order: Pick<BoardOrder, 'mode' | 'start' | 'end' | 'timeZone'>, minutes: number, days = 0): { start: number; end: number } {
  const zone = order.timeZone ?? 'UTC';
  const move = (moment: number) => fromAbsolute(moment, zone).add({ days }).add({ minutes }).toDate().getTime();
  return { start: move(order.start), end: move(order.end) };
}


/** Ranges already said: a row scrolled into view says its blocks' times again, and Intl is slow to. */
const rangeTexts = new Map<string, string>();
const RANGE_TEXTS_KEPT = 20_000;

/** `formatMomentRange`, remembered: the same block in the same zone reads the same. */
export function rangeText(start: number, end: number, zone: string): string {
  const key = `${start}|${end}|${zone}`;
  let text = rangeTexts.get(key);
  if (text === undefined) {
    text = formatMomentRange(start, end, zone);
    if (rangeTexts.size >= RANGE_TEXTS_KEPT) rangeTexts.clear();
    rangeTexts.set(key, text);
  }
  return text;
}
