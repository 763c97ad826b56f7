import { describe, expect, it } from 'vitest';
import { upcomingSchedule } from '../../src-main/local-marketplace/domain/upcoming-schedule';

// upcoming_schedule's format (src-shared/api/user.ts): dates and times of day in the provider's
// zone, a stretch across midnight cut at it, days of a daylight saving change included.

const at = (utc: string) => Date.parse(`${utc}Z`);
const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
const LONG_AGO = 0;

describe('upcomingSchedule', () => {
  it('tells each stretch in the zone, in time order, one entry per date', () => {
    const spans = [span('2030-01-17T04:00:00', '2030-01-17T09:15:00'), span('2030-01-15T15:00:00', '2030-01-15T17:00:00')];
    expect(upcomingSchedule(spans, 'America/Chicago', LONG_AGO)).toEqual([
      { date: '2030-01-15', from: '09:00', to: '11:00' },
      { date: '2030-01-16', from: '22:00', to: '24:00' },
      { date: '2030-01-17', from: '00:00', to: '03:15' },
    ]);
    expect(upcomingSchedule(spans, 'UTC', LONG_AGO)[0]).toEqual({ date: '2030-01-15', from: '15:00', to: '17:00' });
  });

  it('cuts at local midnight on the days clocks change', () => {
    // 2030-03-10: Chicago springs forward at 02:00 (a 23-hour day); 2030-11-03 it falls back (25 hours).
    expect(upcomingSchedule([span('2030-03-10T04:00:00', '2030-03-11T07:00:00')], 'America/Chicago', LONG_AGO)).toEqual([
      { date: '2030-03-09', from: '22:00', to: '24:00' },
      { date: '2030-03-10', from: '00:00', to: '24:00' },
      { date: '2030-03-11', from: '00:00', to: '02:00' },
    ]);
    expect(upcomingSchedule([span('2030-11-03T04:00:00', '2030-11-04T07:00:00')], 'America/Chicago', LONG_AGO)).toEqual([
      { date: '2030-11-02', from: '23:00', to: '24:00' },
      { date: '2030-11-03', from: '00:00', to: '24:00' },
      { date: '2030-11-04', from: '00:00', to: '01:00' },
    ]);
  });

  it('leaves out what has ended by now, and keeps what is under way', () => {
    const spans = [span('2030-01-15T15:00:00', '2030-01-15T17:00:00'), span('2030-01-17T04:00:00', '2030-01-17T09:15:00')];
    expect(upcomingSchedule(spans, 'America/Chicago', at('2030-01-17T06:30:00'))).toEqual([{ date: '2030-01-17', from: '00:00', to: '03:15' }]);
    expect(upcomingSchedule(spans, 'America/Chicago', at('2030-01-15T16:00:00'))).toHaveLength(3);
    expect(upcomingSchedule(spans, 'America/Chicago', at('2030-01-18T00:00:00'))).toEqual([]);
  });
});
