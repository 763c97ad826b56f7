import type { Coordinates } from './distance';

/**
 * Where an address is, as both sides work it out (issue: coordinates and site-local time). The rule
 * is here and pure; the data behind it (postal code centroids, a book of street addresses) is
 * main's (`src-main/geo/`), too big for the renderer, which asks main for a point and then runs
 * the same `timeZoneFor` on it.
 */

/**
 * The SDK's `Coords` as a location carries it: `exact` is false for a postal code's or a city's
 * centre. A type, not an interface, so it passes where an answer's loose object is asked for.
 */
export type GeoPoint = { latitude: number; longitude: number; exact: boolean };

export interface PostalAddress {
  address1?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
}

/** A postal code's centre, with the place it names (so an address that contradicts it can be caught). */
export interface PostalCentroid extends Coordinates {
  city: string;
  state: string;
}

/** What the rule asks of a data set; every key is already normalised by the functions below. */
export interface PlaceLookup {
  /** The point of a street address the data set knows exactly (`addressKey`). */
  address?(key: string): Coordinates | undefined;
  /** A postal code's centre (`postalCodeKey`). */
  postalCode(code: string, country: string): PostalCentroid | undefined;
  /** A city's centre (`cityKey`, the state as its postal abbreviation, upper case). */
  city(city: string, state: string, country: string): Coordinates | undefined;
}

/** Countries whose postal codes the lookups know; elsewhere no point is found, and zones come from the country. */
const LOCATED_COUNTRIES = new Set(['US', 'CA']);

const clean = (text: string | null | undefined): string => (text ?? '').trim();

/** "Coeur d'Alene", "COEUR D ALENE" and "Saint Louis"/"St Louis" read alike: lower case, letters and digits, `st`. */
export function cityKey(city: string): string {
  return city
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/^(saint|st) /, 'st ');
}

/** A US ZIP by its first five digits (ZIP+4 drops), a Canadian code upper case without spaces. */
export function postalCodeKey(zip: string, country: string): string {
  const code = zip.toUpperCase().replace(/\s+/g, '');
  if (country === 'US') return /^\d{5}/.exec(code)?.[0] ?? code;
  return code;
}

/** Street, postal code and country, in the few spellings a typist varies ("W Ogden Ave." = "w ogden ave"). */
export function addressKey(address: PostalAddress): string {
  const country = clean(address.country).toUpperCase() || 'US';
  const street = cityKey(clean(address.address1));
  return `${street}|${postalCodeKey(clean(address.zip), country)}|${country}`;
}

/**
 * The address's point: exact where the data set knows the street address, else the centre of its
 * postal code (when the code's state agrees with the address's), else of its city; undefined when
 * none is known or the country is not one the data covers. A country left empty is read as US.
 */
export function locateAddress(address: PostalAddress | null | undefined, lookup: PlaceLookup): GeoPoint | undefined {
  if (!address) return undefined;
  const country = clean(address.country).toUpperCase() || 'US';
  if (!LOCATED_COUNTRIES.has(country)) return undefined;
  const state = clean(address.state).toUpperCase();
  const zip = clean(address.zip);
  if (clean(address.address1) && zip) {
    const exact = lookup.address?.(addressKey(address));
    if (exact) return { latitude: exact.latitude, longitude: exact.longitude, exact: true };
  }
  const centroid = zip ? lookup.postalCode(postalCodeKey(zip, country), country) : undefined;
  // A code of another state is a typo in one of the two; the city and state are more often right.
  if (centroid && (!state || centroid.state.toUpperCase() === state)) return { latitude: centroid.latitude, longitude: centroid.longitude, exact: false };
  const city = clean(address.city);
  const centre = city && state ? lookup.city(cityKey(city), state, country) : undefined;
  return centre ? { latitude: centre.latitude, longitude: centre.longitude, exact: false } : undefined;
}

/** A point as an answer carries it (`location.coordinates`, a saved location's `geo`, a user's `coords`); undefined when it is none. */
export function pointOf(value: unknown): GeoPoint | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { latitude, longitude, exact } = value as { latitude?: unknown; longitude?: unknown; exact?: unknown };
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return undefined;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { latitude, longitude, exact: exact === true };
}
