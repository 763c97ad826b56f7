import { describe, expect, it } from 'vitest';
import { bookedSpans, userZone, withoutSpans } from '../../../src-shared/domain/booked-time';
import { epochAtWallTime } from '../../../src-shared/domain/wall-time';
import { upcomingSchedule } from '../../../src-main/local-marketplace/domain/upcoming-schedule';

// The board reads a provider's booked time from `upcoming_schedule` (dates and HH:MM in their own
// zone): the instants must come back as the marketplace wrote them, across midnight and across a
// daylight saving change.

const HOUR = 3_600_000;
const utc = (text: string) => Date.parse(`${text}Z`);

describe('epochAtWallTime', () => {
  it('reads a wall time in summer and in winter', () => {
    expect(epochAtWallTime('2026-07-01', '09:00', 'America/Denver')).toBe(utc('2026-07-01T15:00:00'));
    expect(epochAtWallTime('2026-12-01', '09:00', 'America/Denver')).toBe(utc('2026-12-01T16:00:00'));
    expect(epochAtWallTime('2026-12-01', '09:00', 'America/Phoenix')).toBe(utc('2026-12-01T16:00:00'));
  });

  it('reads 24:00 as the next midnight, the day clocks go back (25 hours long)', () => {
    // 1 November 2026: US clocks go back at 02:00.
    const midnight = epochAtWallTime('2026-11-01', '00:00', 'America/Chicago') as number;
    expect(epochAtWallTime('2026-11-01', '24:00', 'America/Chicago')).toBe(midnight + 25 * HOUR);
  });

  it('reads a time the spring change skips as that much after the gap, a repeated one as the first', () => {
    // 8 March 2026: 02:00 to 03:00 does not exist in Chicago.
    expect(epochAtWallTime('2026-03-08', '02:30', 'America/Chicago')).toBe(utc('2026-03-08T08:30:00'));
    expect(epochAtWallTime('2026-03-08', '03:00', 'America/Chicago')).toBe(utc('2026-03-08T08:00:00'));
    // 1 November 2026: 01:30 comes twice; the first is meant.
    expect(epochAtWallTime('2026-11-01', '01:30', 'America/Chicago')).toBe(utc('2026-11-01T06:30:00'));
  });

  it('answers undefined for what does not read', () => {
    expect(epochAtWallTime('next week', '09:00', 'UTC')).toBeUndefined();
    expect(epochAtWallTime('2026-12-01', 'nine', 'UTC')).toBeUndefined();
    expect(epochAtWallTime('2026-12-01', '09:00', 'Mars/Olympus')).toBeUndefined();
  });
});

describe('bookedSpans', () => {
  const zone = 'America/Los_Angeles';
  const spans = [
    { start: utc('2026-10-31T22:00:00'), end: utc('2026-11-02T03:00:00') }, // across the fall change and two midnights
    { start: utc('2026-11-03T16:00:00'), end: utc('2026-11-03T18:00:00') },
  ];

  it('gives back what the marketplace wrote, joined across midnights', () => {
    const schedule = upcomingSchedule(spans, zone, spans[0]!.start - HOUR);
    expect(schedule.length).toBeGreaterThan(spans.length);
    expect(bookedSpans(schedule, zone)).toEqual(spans);
  });

  it('leaves out entries that do not read', () => {
    expect(bookedSpans([{ date: '2026-11-03', from: '09:00' }, { date: null, from: '09:00', to: '10:00' }, { date: '2026-11-03', from: '11:00', to: '10:00' }], zone)).toEqual([]);
  });
});

describe('withoutSpans', () => {
  it('cuts our own orders out, and the slivers rounding leaves', () => {
    const booked = [{ start: 0, end: 10 * HOUR }];
    expect(withoutSpans(booked, [{ start: 2 * HOUR, end: 4 * HOUR }])).toEqual([
      { start: 0, end: 2 * HOUR },
      { start: 4 * HOUR, end: 10 * HOUR },
    ]);
    expect(withoutSpans(booked, [{ start: -60_000, end: 10 * HOUR - 60_000 }])).toEqual([]);
    expect(withoutSpans(booked, [{ start: 11 * HOUR, end: 12 * HOUR }])).toEqual(booked);
  });
});

describe('userZone', () => {
  it('reads an IANA name, else a whole-hour offset, else UTC', () => {
    expect(userZone({ time_zone: { name: 'America/Denver', offset: -7 } })).toBe('America/Denver');
    expect(userZone({ time_zone: { name: 'Eastern', offset: -5 } })).toBe('Etc/GMT+5');
    expect(userZone({ time_zone: { name: 'Mars', offset: 5.5 } })).toBe('UTC');
    expect(userZone({})).toBe('UTC');
  });
});
