import type { Feature, GeoJsonProperties, Geometry, MultiLineString } from 'geojson';
import type { GeometryObject, Topology } from 'topojson-specification';

/**
 * The map's offline basemap: the nation's outline, state borders and county borders of the US
 * Census Bureau's cartographic boundaries (public domain), as `us-atlas` ships them in TopoJSON,
 * and major cities placed from the ZIP code centres the marketplace geocodes with.
 * Loaded with the map screen only, and once: a shared border is one line, never two.
 */
export interface Basemap {
  /** The land, filled. */
  land: Feature<Geometry, GeoJsonProperties>;
  nation: MultiLineString;
  states: MultiLineString;
  counties: MultiLineString;
  /** Major cities' names and places, labelled by tier as the map zooms in (`major-cities.json`). */
  cities: readonly City[];
}

export interface City {
  name: string;
  state: string;
  /** 1 shows over the whole country, 2 over a region, 3 over a state. */
  tier: 1 | 2 | 3;
  latitude: number;
  longitude: number;
}

type Atlas = Topology<{ counties: GeometryObject; states: GeometryObject; nation: GeometryObject }>;

let loading: Promise<Basemap> | undefined;

export function loadBasemap(): Promise<Basemap> {
  loading ??= Promise.all([import('us-atlas/counties-10m.json'), import('topojson-client'), import('./major-cities.json')]).then(([atlas, { feature, mesh }, cities]) => {
    const topology = (atlas as { default: unknown }).default as Atlas;
    return {
      land: feature(topology, topology.objects.nation) as Feature<Geometry, GeoJsonProperties>,
      nation: mesh(topology, topology.objects.nation),
      states: mesh(topology, topology.objects.states, (a, b) => a !== b),
      // A county line that is also a state line is drawn once, as the state's.
      counties: mesh(topology, topology.objects.counties, (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2)),
      cities: (cities as { default: City[] }).default,
    };
  });
  return loading;
}
