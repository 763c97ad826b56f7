import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIT_HOURS, overlaps, timeOnSite } from '../../../src-shared/domain/time-on-site';

const at = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);
const HOUR = 3_600_000;

describe('timeOnSite', () => {
  it('holds a window whole, as the provider may come at any time in it', () => {
    for (const mode of ['between', 'hours']) {
      const schedule = { service_window: { mode, start: { utc: '2030-01-15 14:00:00' }, end: { utc: '2030-01-15 22:00:00' } } };
      expect(timeOnSite({ schedule })).toEqual({ start: at('2030-01-15 14:00:00'), end: at('2030-01-15 22:00:00') });
    }
  });

  it('holds an exact start for the hours an hourly or blended pay pays for, else the default', () => {
    const schedule = { service_window: { mode: 'exact', start: { utc: '2030-01-15 14:00:00', local: { date: '2030-01-15', time: '08:00:00' } } } };
    const start = at('2030-01-15 14:00:00');
    // Pay as the marketplace answers it, amounts and all.
    const pays = {
      hourly: { type: 'hourly', base: { amount: 65, units: 3 } },
      blended: { type: 'blended', base: { amount: 100, units: 1.5 } },
      fixed: { type: 'fixed', base: { amount: 240, units: 9 } },
      hourlyWithoutHours: { type: 'hourly', base: { amount: 65 } },
    };
    expect(timeOnSite({ schedule, pay: pays.hourly })).toEqual({ start, end: start + 3 * HOUR });
    expect(timeOnSite({ schedule, pay: pays.blended })).toEqual({ start, end: start + 1.5 * HOUR });
    expect(timeOnSite({ schedule, pay: pays.fixed })).toEqual({ start, end: start + DEFAULT_VISIT_HOURS * HOUR });
    expect(timeOnSite({ schedule, pay: pays.hourlyWithoutHours })).toEqual({ start, end: start + DEFAULT_VISIT_HOURS * HOUR });
    // An exact start with an end (the service's answer may carry one) still holds the paid hours.
    expect(timeOnSite({ schedule: { service_window: { ...schedule.service_window, end: { utc: '2030-01-20 00:00:00' } } } })).toEqual({ start, end: start + 2 * HOUR });
  });

  it('is none without a start, and falls back when a window ends before it starts', () => {
    expect(timeOnSite({})).toBeUndefined();
    expect(timeOnSite({ schedule: { service_window: { mode: 'exact', start: { utc: 'soon' } } } })).toBeUndefined();
    const backwards = { service_window: { mode: 'between', start: { utc: '2030-01-15 14:00:00' }, end: { utc: '2030-01-15 10:00:00' } } };
    expect(timeOnSite({ schedule: backwards })).toEqual({ start: at('2030-01-15 14:00:00'), end: at('2030-01-15 16:00:00') });
  });
});

describe('overlaps', () => {
  it('shares a moment, not an edge', () => {
    const morning = { start: 0, end: 3 * HOUR };
    expect(overlaps(morning, { start: 2 * HOUR, end: 4 * HOUR })).toBe(true);
    expect(overlaps(morning, { start: HOUR, end: 2 * HOUR })).toBe(true);
    expect(overlaps(morning, { start: 3 * HOUR, end: 4 * HOUR })).toBe(false);
    expect(overlaps({ start: 3 * HOUR, end: 4 * HOUR }, morning)).toBe(false);
  });
});
