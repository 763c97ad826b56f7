import type { Coordinates } from '../../src-shared/domain/distance';
import { addressKey, type GeoPoint, locateAddress, type PostalAddress } from '../../src-shared/domain/geo-point';
import { timeZoneFor } from '../../src-shared/domain/site-time-zone';
import { postalCodeLookup } from './postal-codes';

/** A street address placed exactly, for the address book a geocoder is made with. */
export interface KnownAddress extends PostalAddress, Coordinates {}

export interface Geocoder {
  /** The address's point (exact, or a postal code's or city's centre); undefined when none is known. */
  locate(address: PostalAddress | null | undefined): GeoPoint | undefined;
  /** The site's IANA zone, by the shared rule: at its point, else from its state or country. */
  timeZone(address: (PostalAddress & { country?: string | null }) | null | undefined): string;
}

/** Answers kept per address: a list of orders asks the same few sites again and again. */
const CACHE_LIMIT = 10_000;

/**
 * An offline geocoder: postal code and city centres (postal-codes.ts), and the street addresses of
 * `addressBook` exactly. Nothing here reaches the network. The app's own geocoder for an address
 * typed offline is `createGeocoder()`; the local marketplace adds its demo's sites.
 */
export function createGeocoder(addressBook: readonly KnownAddress[] = []): Geocoder {
  const exact = new Map(addressBook.map((known) => [addressKey(known), { latitude: known.latitude, longitude: known.longitude }]));
  const lookup = { ...postalCodeLookup, address: (key: string) => exact.get(key) };
  const cache = new Map<string, GeoPoint | null>();

  function locate(address: PostalAddress | null | undefined): GeoPoint | undefined {
    if (!address) return undefined;
    const key = JSON.stringify([address.address1, address.city, address.state, address.zip, address.country]);
    let found = cache.get(key);
    if (found === undefined) {
      found = locateAddress(address, lookup) ?? null;
      // Oldest first out: a Map keeps insertion order.
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
      cache.set(key, found);
    }
    return found ?? undefined;
  }

  return {
    locate,
    timeZone: (address) => timeZoneFor(address ?? undefined, locate(address)),
  };
}
