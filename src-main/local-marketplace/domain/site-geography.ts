import { createGeocoder, type KnownAddress } from '../../geo/geocoder';

// Where places are *(ours)*. The real service geocodes every address; the local marketplace has no
// network, so it places an address by the offline geocoder of src-main/geo: exactly for the street
// addresses below, else at its ZIP code's centre, else its city's (`exact: false`). Its zone follows
// from the point (src-shared/domain/site-time-zone.ts), so a site in El Paso keeps Mountain time.

/**
 * The demo's sites (seed/locations.ts, seed/work-orders.ts, seed/clients.ts), each read off a map at
 * its street address: the made-up stores and clinics at a plausible door on the street named.
 */
const DEMO_ADDRESS_BOOK: readonly KnownAddress[] = [
  { address1: '2140 W Ogden Ave', zip: '60540', country: 'US', latitude: 41.7857, longitude: -88.1879 },
  { address1: '7600 W Bluemound Rd', zip: '53213', country: 'US', latitude: 43.0347, longitude: -88.0066 },
  { address1: '4820 E Elwood St', zip: '85040', country: 'US', latitude: 33.4098, longitude: -111.9808 },
  { address1: '1900 N Harbor Ave', zip: '33602', country: 'US', latitude: 27.9556, longitude: -82.4568 },
  { address1: '515 N Orange Ave', zip: '32801', country: 'US', latitude: 28.5484, longitude: -81.3789 },
  { address1: '1650 Larimer St', zip: '80202', country: 'US', latitude: 39.7488, longitude: -104.9969 },
  { address1: '700 Lavaca St', zip: '78701', country: 'US', latitude: 30.2707, longitude: -97.7455 },
  { address1: '2255 Maple Ridge Rd', zip: '78745', country: 'US', latitude: 30.2065, longitude: -97.793 },
  { address1: '1200 W Fulton Market', zip: '60607', country: 'US', latitude: 41.8866, longitude: -87.6594 },
  { address1: '233 S Wacker Dr', zip: '60606', country: 'US', latitude: 41.8789, longitude: -87.6359 },
  { address1: '500 E 6th St', zip: '78701', country: 'US', latitude: 30.2671, longitude: -97.7373 },
  { address1: '1600 Champa St', zip: '80202', country: 'US', latitude: 39.7478, longitude: -104.993 },
  { address1: '1001 Fannin St', zip: '77002', country: 'US', latitude: 29.7574, longitude: -95.3643 },
  { address1: '191 Peachtree St NE', zip: '30303', country: 'US', latitude: 33.759, longitude: -84.3866 },
  { address1: '2 N Central Ave', zip: '85004', country: 'US', latitude: 33.4485, longitude: -112.0738 },
  { address1: '100 Federal St', zip: '02110', country: 'US', latitude: 42.355, longitude: -71.0566 },
  { address1: '1 Campus Martius', zip: '48226', country: 'US', latitude: 42.3315, longitude: -83.0466 },
];

const geocoder = createGeocoder(DEMO_ADDRESS_BOOK);

/** An address's point: exact for a street address the marketplace knows, else a ZIP or city centre. */
export const locate = geocoder.locate;

/** A site's IANA zone: at its point, else from its state or country (the shared rule). */
export const siteTimeZone = geocoder.timeZone;
