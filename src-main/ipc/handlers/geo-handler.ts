import { createGeocoder, type Geocoder } from '../../geo/geocoder';
import type { Handlers } from '../dispatcher';

let geocoder: Geocoder | undefined;

/** Made on first use: its postal code table takes a quarter of a second to load. */
function appGeocoder(): Geocoder {
  geocoder ??= createGeocoder();
  return geocoder;
}

/** Places an address offline, as the local marketplace would: no request leaves the machine. */
export function geoHandlers(geocode: () => Geocoder = appGeocoder): Pick<Handlers, 'geo:locate'> {
  return {
    'geo:locate': (address) => {
      const found = geocode();
      return { point: found.locate(address) ?? null, timeZone: found.timeZone(address) };
    },
  };
}
