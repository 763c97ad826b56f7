import { describe, expect, it } from 'vitest';
import type { City } from '../../src-renderer/lib/map/basemap';
import { CITY_TIER_ZOOM, placeCityLabels } from '../../src-renderer/lib/map/city-labels';
import cities from '../../src-renderer/lib/map/major-cities.json';
import { centred, screenOf } from '../../src-renderer/lib/map/web-mercator';

// The basemap's city names: which show at a zoom, where, and never one over another.

const all = cities as City[];
/** Text 7 px a letter, as an 11 px font measures roughly. */
const measure = (text: string) => text.length * 7;

function labelled(zoom: number, centre = { longitude: -98.5, latitude: 39.5 }) {
  const view = centred(centre, zoom, 1000, 640);
  return placeCityLabels(all, (city) => screenOf(city, view), view, measure).map((label) => label.city.name);
}

describe('city labels', () => {
  it('names the largest cities over the whole country, and more of them as the map zooms in', () => {
    const country = labelled(4);
    expect(country).toEqual(expect.arrayContaining(['New York', 'Chicago', 'Denver', 'Seattle']));
    expect(country).not.toContain('El Paso');
    expect(country).not.toContain('Cheyenne');
    // West Texas at a region's zoom: El Paso, tier 2, is named; a state capital is not yet.
    expect(labelled(CITY_TIER_ZOOM[2], { longitude: -106.4, latitude: 31.8 })).toContain('El Paso');
    expect(labelled(CITY_TIER_ZOOM[2], { longitude: -104.8, latitude: 41.1 })).not.toContain('Cheyenne');
    expect(labelled(CITY_TIER_ZOOM[3], { longitude: -104.8, latitude: 41.1 })).toContain('Cheyenne');
  });

  it('leaves out a name that would cover one already placed, and those the view\'s edge would cut', () => {
    const view = centred({ longitude: -74, latitude: 40.7 }, 3.5, 400, 300);
    const placed = placeCityLabels(all, (city) => screenOf(city, view), view, measure);
    // Philadelphia and Washington sit under New York's name at this zoom: New York, listed first, keeps its place.
    expect(placed.map((label) => label.city.name)).toContain('New York');
    expect(placed.map((label) => label.city.name)).not.toContain('Philadelphia');
    expect(placed.every((label) => label.x >= 0 && label.x + measure(label.city.name) <= 400 && label.y >= 8 && label.y <= 292)).toBe(true);
    expect(placed.map((label) => label.city.name)).not.toContain('Los Angeles');
  });

  it('leaves out a name an order\'s mark would cover, and keeps the others', () => {
    const view = centred({ longitude: -98.5, latitude: 39.5 }, 4, 1000, 640);
    const at = (city: City) => screenOf(city, view);
    const chicago = all.find((city) => city.name === 'Chicago') as City;
    const [x, y] = at(chicago);
    // A cluster drawn just right of the dot, where the name begins.
    const names = placeCityLabels(all, at, view, measure, [{ left: x + 4, top: y - 12, right: x + 28, bottom: y + 12 }]).map((label) => label.city.name);
    expect(names).not.toContain('Chicago');
    expect(names).toEqual(expect.arrayContaining(['New York', 'Denver', 'Seattle']));
  });

  it('places each city where the marketplace geocodes its ZIP codes: New York in Manhattan, El Paso on the border', () => {
    const at = (name: string) => all.find((city) => city.name === name) as City;
    expect(at('New York').latitude).toBeCloseTo(40.76, 1);
    expect(at('New York').longitude).toBeCloseTo(-73.98, 1);
    expect(at('El Paso').latitude).toBeCloseTo(31.76, 0);
    expect(new Set(all.map((city) => `${city.name} ${city.state}`)).size).toBe(all.length);
  });
});
