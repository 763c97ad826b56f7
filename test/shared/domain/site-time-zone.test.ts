import { describe, expect, it } from 'vitest';
import { formatSiteMoment, siteZoneOf } from '../../../src-shared/domain/moments';
import { timeZoneAt, timeZoneFor } from '../../../src-shared/domain/site-time-zone';

// One rule for a site's zone on both sides: at its point, where zones split states; the state or
// country only when there is no point.

const SPLIT_STATES = [
  { place: 'El Paso, TX', address: { state: 'TX', country: 'US' }, point: { latitude: 31.7584, longitude: -106.4783 }, zone: 'America/Denver', stateZone: 'America/Chicago' },
  { place: 'Pensacola, FL', address: { state: 'FL', country: 'US' }, point: { latitude: 30.4223, longitude: -87.2248 }, zone: 'America/Chicago', stateZone: 'America/New_York' },
  { place: 'Boise, ID', address: { state: 'ID', country: 'US' }, point: { latitude: 43.6322, longitude: -116.2052 }, zone: 'America/Boise', stateZone: 'America/Denver' },
  { place: "Coeur d'Alene, ID", address: { state: 'ID', country: 'US' }, point: { latitude: 47.6928, longitude: -116.785 }, zone: 'America/Los_Angeles', stateZone: 'America/Denver' },
] as const;

describe('timeZoneFor', () => {
  for (const site of SPLIT_STATES) {
    it(`places ${site.place} in ${site.zone} by its point, in ${site.stateZone} by its state alone`, () => {
      expect(timeZoneAt(site.point)).toBe(site.zone);
      expect(timeZoneFor(site.address, site.point)).toBe(site.zone);
      expect(timeZoneFor(site.address)).toBe(site.stateZone);
    });
  }

  it('falls back to the state, the country, then UTC when there is no usable point', () => {
    expect(timeZoneFor({ state: 'AZ', country: 'US' }, { latitude: Number.NaN, longitude: 0 })).toBe('America/Phoenix');
    expect(timeZoneFor({ country: 'DE' }, null)).toBe('Europe/Berlin');
    expect(timeZoneFor(undefined)).toBe('UTC');
  });
});

describe("a site's local time in the app", () => {
  it('is told in the zone at the location’s coordinates when the marketplace names none, across a daylight-saving change', () => {
    const elPaso = { location: { state: 'TX', country: 'US', coordinates: { latitude: 31.7584, longitude: -106.4783, exact: false } } };
    expect(siteZoneOf(elPaso)).toBe('America/Denver');
    const now = Date.UTC(2030, 1, 1);
    // 10 March 2030: 08:00 UTC is 01:00 MST, 10:00 UTC is 04:00 MDT.
    expect(formatSiteMoment('2030-03-10 08:00:00', elPaso, { now })).toBe('Sun, Mar 10 01:00 MST');
    expect(formatSiteMoment('2030-03-10 10:00:00', elPaso, { now })).toBe('Sun, Mar 10 04:00 MDT');
    // Without coordinates, the state's zone: what the app said of El Paso before.
    expect(formatSiteMoment('2030-03-10 10:00:00', { location: { state: 'TX', country: 'US' } }, { now })).toBe('Sun, Mar 10 05:00 CDT');
  });
});
