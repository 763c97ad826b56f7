import { describe, expect, it } from 'vitest';
import type { BoardBlock, BoardProvider } from '../../src-shared/ipc/dispatch';
import { conflictsOf, outsideWindow, overlappingIds } from '../../src-renderer/lib/board-conflicts';
import { group, indexById, withMoves } from '../../src-renderer/lib/board-rows';
import { boardWidth, dateOf, daysOf, momentAt, movedSpan, movedWindow, openingMoment, periodAt, periodOfDate, rangeText, shiftPeriod, snappedMinutes, xOf } from '../../src-renderer/lib/board-time';
import { formatMomentRange } from '../../src-shared/domain/moments';

const utc = (text: string) => Date.parse(`${text}Z`);
const NEW_YORK = 'America/New_York';

describe('the board clock', () => {
  it('opens a period an hour before its earliest order, keeping now in view on today', () => {
    const day = periodAt('day', utc('2026-11-29T12:00:00'), 'UTC');
    const at = (time: string) => utc(`2026-11-29T${time}:00`);
    const iso = (moment: number) => new Date(moment).toISOString().slice(11, 16);
    const TEN_HOURS = 10 * 3_600_000;
    // Listed by provider, not by time: the first listed starts after the second.
    const blocks = [{ start: at('06:10'), end: at('08:00') }, { start: at('05:00'), end: at('06:30') }, { start: at('09:00'), end: at('10:00') }];
    expect(iso(openingMoment(day, blocks, utc('2026-11-28T11:11:00'), TEN_HOURS))).toBe('04:00');
    // Today: the morning's orders show, and now with an hour after it…
    expect(iso(openingMoment(day, blocks, at('11:11'), TEN_HOURS))).toBe('04:00');
    // …as far as the view allows; with nothing earlier, an hour before now.
    expect(iso(openingMoment(day, blocks, at('16:30'), TEN_HOURS))).toBe('08:00');
    expect(iso(openingMoment(day, [{ start: at('18:00'), end: at('19:00') }], at('11:11'), TEN_HOURS))).toBe('10:00');
    // Always on an hour, so the time head's first label is whole.
    expect(iso(openingMoment(day, [{ start: at('05:13'), end: at('06:00') }], 0, TEN_HOURS))).toBe('04:00');
    // An order begun the day before opens the day at its midnight; none at all, at 06:00 (before 07:00).
    expect(iso(openingMoment(day, [{ start: utc('2026-11-28T22:00:00'), end: at('02:00') }], 0, TEN_HOURS))).toBe('00:00');
    expect(iso(openingMoment(day, [], 0, TEN_HOURS))).toBe('06:00');
  });

  it('starts a day at the coordinator’s midnight and a week on its Monday', () => {
    // Wednesday, Nov 4 2026, 15:00 in New York.
    const at = utc('2026-11-04T20:00:00');
    expect(new Date(periodAt('day', at, NEW_YORK).from).toISOString()).toBe('2026-11-04T05:00:00.000Z');
    const week = periodAt('week', at, NEW_YORK);
    expect(new Date(week.from).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(new Date(week.to).toISOString()).toBe('2026-11-09T05:00:00.000Z');
    expect(new Date(shiftPeriod(week, -1).from).toISOString()).toBe('2026-10-26T04:00:00.000Z');
  });

  it('knows a day with a clock change is 25 hours long, and draws it so', () => {
    // Sunday, Nov 1 2026: New York falls back an hour.
    const day = periodAt('day', utc('2026-11-01T15:00:00'), NEW_YORK);
    expect(daysOf(day)).toHaveLength(1);
    expect((day.to - day.from) / 3_600_000).toBe(25);
    expect(boardWidth(day)).toBe(25 * 64);
    expect(xOf(day, momentAt(day, 300))).toBeCloseTo(300);
  });

  it('snaps a drag to whole steps of the period, so a block keeps its own minutes', () => {
    const day = periodAt('day', utc('2026-11-04T20:00:00'), NEW_YORK);
    expect(snappedMinutes(day, 44 * 60_000)).toBe(30);
    expect(snappedMinutes(day, -50 * 60_000)).toBe(-60);
    expect(snappedMinutes(periodAt('week', day.from, NEW_YORK), 100 * 60_000)).toBe(120);
  });

  it('moves a window in the site’s wall time: a day later across a clock change is the same hour at the site', () => {
    const order = { mode: 'between' as const, start: utc('2026-10-31T13:00:00'), end: utc('2026-10-31T15:00:00'), timeZone: NEW_YORK };
    // 09:00–11:00 EDT on Saturday; a day later is 09:00–11:00 EST on Sunday, which is 14:00 UTC.
    expect(movedWindow(order, 0, 1)).toEqual({ mode: 'between', start: { utc: '2026-11-01 14:00:00' }, end: { utc: '2026-11-01 16:00:00' } });
    expect(movedWindow({ ...order, mode: 'exact' }, 120)).toEqual({ mode: 'exact', start: { utc: '2026-10-31 15:00:00' } });
    expect(movedSpan(order, 120)).toEqual({ start: utc('2026-10-31T15:00:00'), end: utc('2026-10-31T17:00:00') });
  });
});

describe('conflicts on the board', () => {
  const provider: BoardProvider = { id: 7, name: 'Grace Kim', source: 'assigned', rating: null, ordersDone: 0, busy: [], scheduleCheckedAt: null, home: null };
  const block = (id: number, start: string, end: string): BoardBlock => ({
    id,
    providerId: 7,
    title: `Order ${id}`,
    statusId: 3,
    statusName: 'Assigned',
    mode: 'exact',
    start: utc(start),
    end: utc(end),
    timeZone: NEW_YORK,
    place: null,
    client: null,
    attention: [],
    pending: false,
    refused: false,
  });
  const blocks = [block(1, '2030-01-02T14:00:00', '2030-01-02T16:00:00'), block(2, '2030-01-02T15:00:00', '2030-01-02T17:00:00'), block(3, '2030-01-02T17:00:00', '2030-01-02T18:00:00')];

  it('names the provider’s other order at that time, and a start in the past', () => {
    const span = { start: utc('2030-01-02T15:30:00'), end: utc('2030-01-02T16:30:00') };
    expect(conflictsOf(span, provider, blocks, 3, utc('2029-01-01T00:00:00'), 'UTC')).toEqual([
      'Grace Kim already has #1 Order 1 (Wed, Jan 2, 2030 14:00 – 16:00 UTC).',
      'Grace Kim already has #2 Order 2 (Wed, Jan 2, 2030 15:00 – 17:00 UTC).',
    ]);
    expect(conflictsOf(span, provider, blocks, 1, utc('2031-01-01T00:00:00'), 'UTC')).toContain('This starts in the past.');
  });

  it('names time the provider is booked elsewhere, by their marketplace schedule', () => {
    const booked = { ...provider, busy: [{ start: utc('2030-01-02T19:00:00'), end: utc('2030-01-02T21:00:00') }] };
    const span = { start: utc('2030-01-02T20:00:00'), end: utc('2030-01-02T22:00:00') };
    expect(conflictsOf(span, booked, blocks, 9, utc('2029-01-01T00:00:00'), 'UTC')).toEqual(['Grace Kim is booked elsewhere Wed, Jan 2, 2030 19:00 – 21:00 UTC, by their marketplace schedule.']);
    expect(conflictsOf({ start: utc('2030-01-02T21:00:00'), end: utc('2030-01-02T22:00:00') }, booked, blocks, 9, 0, 'UTC')).toEqual([]);
  });

  it('says when a tray order is dropped at a time its own window does not hold', () => {
    const order = { id: 4, start: utc('2030-01-02T14:00:00'), end: utc('2030-01-02T16:00:00') };
    expect(outsideWindow(utc('2030-01-02T15:00:00'), order, 'UTC')).toBeUndefined();
    expect(outsideWindow(undefined, order, 'UTC')).toBeUndefined();
    expect(outsideWindow(utc('2030-01-02T18:00:00'), order, 'UTC')).toBe("Dropped at Wed, Jan 2, 2030 18:00 UTC, outside #4's own time (Wed, Jan 2, 2030 14:00 – 16:00 UTC); it keeps that time.");
  });

  it('marks overlapping blocks, not those that only touch', () => {
    expect([...overlappingIds(blocks)].sort()).toEqual([1, 2]);
  });
});

describe('going to a date', () => {
  it('opens the period holding a typed day, and ignores a half-typed one', () => {
    const week = periodOfDate('week', '2026-11-05', NEW_YORK);
    expect(week && dateOf(week)).toBe('2026-11-02');
    expect(periodOfDate('day', '2026-11-', NEW_YORK)).toBeUndefined();
  });
});

describe('rows with queued moves', () => {
  const at = (id: number, providerId: number, start: number): BoardBlock => ({ id, providerId, title: `Order ${id}`, statusId: 3, statusName: 'Assigned', mode: 'exact', start, end: start + 2, timeZone: null, place: null, client: null, attention: [], pending: false, refused: false });
  const blocks = [at(1, 7, 10), at(2, 7, 20), at(3, 8, 10), at(4, 9, 10)];

  it('moves a block between rows and keeps every other row’s own array', () => {
    const answered = group(blocks);
    const rows = withMoves(answered, indexById(blocks), { 1: { providerId: 8, start: 5, end: 7, since: 0 } });
    expect(rows.get(7)?.map((block) => block.id)).toEqual([2]);
    expect(rows.get(8)?.map((block) => [block.id, block.start, block.pending])).toEqual([
      [1, 5, true],
      [3, 10, false],
    ]);
    expect(rows.get(9)).toBe(answered.get(9));
    expect(withMoves(answered, indexById(blocks), {})).toBe(answered);
  });
});

describe('rangeText', () => {
  it('says a range as formatMomentRange does, the same text again from memory', () => {
    const start = utc('2030-01-02T14:00:00');
    const first = rangeText(start, start + 7_200_000, 'America/Denver');
    expect(first).toBe(formatMomentRange(start, start + 7_200_000, 'America/Denver'));
    expect(rangeText(start, start + 7_200_000, 'America/Denver')).toBe(first);
    expect(rangeText(start, start + 7_200_000, 'UTC')).not.toBe(first);
  });
});
