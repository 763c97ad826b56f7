import type { LocationProviderSearchQuery, LocationProviders, NearbyProviders } from '../../../src-shared/api/provider-search';
import type { User } from '../../../src-shared/api/user';
import { type Coordinates, milesBetween } from '../../../src-shared/domain/distance';
import type { GeoPoint } from '../../../src-shared/domain/geo-point';
import type { MarketplaceContext } from '../context';
import { invalidInput } from '../http/errors';
import { preparedStatement } from '../store/database';
import { ownedLocation, savedLocation } from './locations';
import type { UserRow } from './providers';
import { doesTypeOfWork } from './provider-skills';
import { locate } from './site-geography';
import { presentProviderUsers } from './users';
import { addressOf, type WorkOrderRecord } from './work-order-record';

// Providers around a site *(ours, README "Geography")*: home bases within a radius of the site,
// nearest first, each as GET users/{user} answers them with `coords.distance`. The home bases are
// in an R*Tree (migration 0011), so a search reads the box around the circle, not every provider:
// 10,000 providers answer within the budget (test/bench/provider-search.ts). Only the page asked
// for is read in full.

/** Miles per degree of latitude (and of longitude at the equator), on the sphere distances use. */
const MILES_PER_DEGREE = (3958.8 * Math.PI) / 180;

interface Box {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * The boxes, in degrees, that hold every point within `miles` of `center`: one, or two where the
 * circle crosses the antimeridian, or every longitude near a pole. A box may hold more than the
 * circle; the distance decides.
 */
export function boxesAround(center: Coordinates, miles: number): Box[] {
  const latitudeSpan = miles / MILES_PER_DEGREE;
  const minLatitude = Math.max(-90, center.latitude - latitudeSpan);
  const maxLatitude = Math.min(90, center.latitude + latitudeSpan);
  // A degree of longitude is shortest at the latitude farthest from the equator the circle reaches.
  const farthest = Math.max(Math.abs(minLatitude), Math.abs(maxLatitude));
  const cosine = Math.cos((farthest * Math.PI) / 180);
  const longitudeSpan = cosine < 1e-6 ? 360 : latitudeSpan / cosine;
  if (longitudeSpan >= 180) return [{ minLatitude, maxLatitude, minLongitude: -180, maxLongitude: 180 }];
  const west = center.longitude - longitudeSpan;
  const east = center.longitude + longitudeSpan;
  if (west < -180) return [{ minLatitude, maxLatitude, minLongitude: west + 360, maxLongitude: 180 }, { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: east }];
  if (east > 180) return [{ minLatitude, maxLatitude, minLongitude: west, maxLongitude: 180 }, { minLatitude, maxLatitude, minLongitude: -180, maxLongitude: east - 360 }];
  return [{ minLatitude, maxLatitude, minLongitude: west, maxLongitude: east }];
}

interface HomeRow {
  id: number;
  latitude: number;
  longitude: number;
  about: string | null;
}

/** A provider within the radius: who, how far, and where their home base is. */
export interface ProviderHit {
  id: number;
  miles: number;
  latitude: number;
  longitude: number;
}

/** What a search is asked: the circle and the types of work (any of them) a provider must do. */
export interface ProviderSearch {
  center: Coordinates;
  radius: number;
  typesOfWork?: readonly number[];
}

/** Every provider within the radius that passes the filter, nearest first (ties by id). */
export function providersWithin(context: MarketplaceContext, search: ProviderSearch): ProviderHit[] {
  const wanted = search.typesOfWork ?? [];
  const statement = preparedStatement(
    context,
    `SELECT h.id, h.latitude, h.longitude, CASE WHEN ? THEN json_extract(u.data, '$.about') END AS about
     FROM provider_homes h JOIN users u ON u.id = h.id
     WHERE h.max_latitude >= ? AND h.min_latitude <= ? AND h.max_longitude >= ? AND h.min_longitude <= ?`,
  );
  const hits: ProviderHit[] = [];
  for (const box of boxesAround(search.center, search.radius)) {
    const rows = statement.all(wanted.length > 0 ? 1 : 0, box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude) as HomeRow[];
    for (const row of rows) {
      const miles = milesBetween(search.center, row);
      if (miles > search.radius) continue;
      if (wanted.length > 0 && !wanted.some((typeOfWork) => doesTypeOfWork({ about: row.about ?? '' }, typeOfWork))) continue;
      hits.push({ id: row.id, miles, latitude: row.latitude, longitude: row.longitude });
    }
  }
  return hits.sort((first, second) => first.miles - second.miles || first.id - second.id);
}

/** Miles as answered: to the hundredth, enough for a list and a map. */
const roundMiles = (miles: number) => Math.round(miles * 100) / 100;

/** One page of the search, each provider as GET users/{user} answers them, with its distance. */
export function searchProviders(context: MarketplaceContext, companyId: number, center: GeoPoint, query: LocationProviderSearchQuery): NearbyProviders {
  const hits = providersWithin(context, { center, radius: query.radius, typesOfWork: query.f_type_of_work });
  const page = hits.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  const rows = preparedStatement(
    context,
    "SELECT id, company_id, role, first_name, last_name, data FROM users WHERE id IN (SELECT value FROM json_each(?)) AND role = 'provider'",
  ).all(JSON.stringify(page.map((hit) => hit.id))) as UserRow[];
  const users = new Map(presentProviderUsers(context, companyId, rows).map((user) => [user.id, user]));
  const results = page.flatMap((hit): User[] => {
    const user = users.get(hit.id);
    return user ? [{ ...user, coords: { ...user.coords, latitude: hit.latitude, longitude: hit.longitude, distance: roundMiles(hit.miles) } }] : [];
  });
  return {
    metadata: {
      total: hits.length,
      page: query.page,
      pages: Math.max(1, Math.ceil(hits.length / query.per_page)),
      per_page: query.per_page,
      sort: 'distance',
      order: 'asc',
      radius: query.radius,
      center,
    },
    results,
  };
}

/** The site's point; a search needs one (400 naming `location` for an order without a placeable site). */
function siteOrRefuse(point: GeoPoint | undefined, what: string): GeoPoint {
  if (!point) throw invalidInput(`${what} has no known place to search around: add a US or Canadian address with its ZIP or city`, ['location']);
  return point;
}

/** GET workorders/{id}/providers without the pending list: around the order's site. */
export function providersAroundOrder(context: MarketplaceContext, record: WorkOrderRecord, query: LocationProviderSearchQuery): NearbyProviders {
  const location = record.data.fields.location;
  // A saved location as it is now, as the order answers it (work-order-presenter.ts).
  const address = location?.mode === 'saved' ? (savedLocation(context, record.companyId, location.id) ?? record.data.savedAddress) : addressOf(record);
  const site = siteOrRefuse(locate(address), `Work order ${record.id}`);
  return searchProviders(context, record.companyId, site, query);
}

/** GET locations/{id}/providers: around a saved location of the company (404 unknown, 403 another company's). */
export function providersAroundLocation(context: MarketplaceContext, companyId: number, locationId: number, query: LocationProviderSearchQuery): LocationProviders {
  const location = ownedLocation(context, companyId, locationId);
  const site = siteOrRefuse(locate(location), `Saved location ${locationId}`);
  return { location_id: locationId, ...searchProviders(context, companyId, site, query) };
}
