import { describe, expect, it } from 'vitest';
import { epochOfUtc, formatMoment, formatMomentRange, formatSiteMoment, siteZoneOf } from '../../../src-shared/domain/moments';

const NOW = Date.parse('2026-11-27T18:00:00Z');

describe('times said with their zone', () => {
  it('reads the marketplace’s UTC text, and nothing else as a time', () => {
    expect(epochOfUtc('2026-11-29 15:00:00')).toBe(Date.parse('2026-11-29T15:00:00Z'));
    expect(epochOfUtc('2026-11-29 25:00:00')).toBeUndefined();
    expect(epochOfUtc('tomorrow')).toBeUndefined();
    expect(epochOfUtc(null)).toBeUndefined();
  });

  it('names the zone, and the year only when it is not this year’s', () => {
    expect(formatMoment(Date.parse('2026-11-29T15:00:00Z'), 'America/Chicago', { now: NOW })).toBe('Sun, Nov 29 09:00 CST');
    expect(formatMoment(Date.parse('2030-01-15T15:00:00Z'), 'America/New_York', { now: NOW })).toBe('Tue, Jan 15, 2030 10:00 EST');
    expect(formatMoment(Date.parse('2026-11-29T15:00:00Z'), 'Not/AZone', { now: NOW })).toBe('Sun, Nov 29 15:00 UTC');
  });

  it('says today, yesterday and tomorrow by the day in that zone', () => {
    // 01:38 UTC on the 27th is 19:38 on the 26th in Chicago: yesterday there, today in UTC.
    const moment = Date.parse('2026-11-27T01:38:00Z');
    expect(formatMoment(moment, 'America/Chicago', { relative: true, now: NOW })).toBe('yesterday 19:38 CST');
    expect(formatMoment(moment, 'UTC', { relative: true, now: NOW })).toBe('today 01:38 UTC');
    expect(formatMoment(Date.parse('2026-11-28T15:00:00Z'), 'America/Chicago', { relative: true, now: NOW })).toBe('tomorrow 09:00 CST');
    expect(formatMoment(Date.parse('2026-12-01T15:00:00Z'), 'America/Chicago', { relative: true, now: NOW })).toBe('Tue, Dec 1 09:00 CST');
  });

  it('takes the site’s zone as the marketplace names it, else from the address', () => {
    expect(siteZoneOf({ schedule: { time_zone: { name: 'America/Denver' } }, location: { state: 'IL', country: 'US' } })).toBe('America/Denver');
    expect(siteZoneOf({ location: { state: 'IL', country: 'US' } })).toBe('America/Chicago');
    expect(siteZoneOf({ location: { time_zone: { name: 'nonsense' }, country: 'DE' } })).toBe('Europe/Berlin');
    expect(formatSiteMoment('2026-11-29 15:00:00', { location: { state: 'CA', country: 'US' } }, { now: NOW })).toBe('Sun, Nov 29 07:00 PST');
    expect(formatSiteMoment(undefined, {})).toBe('—');
  });

  it('says a span within a day with its zone once, else both ends in full', () => {
    expect(formatMomentRange(Date.parse('2026-11-29T15:00:00Z'), Date.parse('2026-11-29T19:00:00Z'), 'America/Chicago', { now: NOW })).toBe('Sun, Nov 29 09:00 – 13:00 CST');
    expect(formatMomentRange(Date.parse('2026-11-29T15:00:00Z'), Date.parse('2026-11-30T15:00:00Z'), 'America/Chicago', { now: NOW })).toBe('Sun, Nov 29 09:00 CST – Mon, Nov 30 09:00 CST');
  });
});
