import { type LocationData, insertLocation } from '../domain/locations';
import type { MarketplaceDatabase } from '../store/database';

interface LocationSeed extends Omit<LocationData, 'address2' | 'country'> {
  id: number;
  name: string;
  address2?: string;
}

/** The demo company's saved locations 701–708, at the clients' sites across six states. */
export const DEMO_LOCATIONS: readonly LocationSeed[] = [
  {
    id: 701,
    name: 'Brightline Store #1142',
    notes: 'Loading dock at the rear; ask for the store manager on duty.',
    address1: '2140 W Ogden Ave',
    city: 'Naperville',
    state: 'IL',
    zip: '60540',
    location_type: 1,
  },
  {
    id: 702,
    name: 'Brightline Store #2307',
    notes: 'Network closet is behind the customer service desk.',
    address1: '7600 W Bluemound Rd',
    city: 'Milwaukee',
    state: 'WI',
    zip: '53213',
    location_type: 1,
  },
  {
    id: 703,
    name: 'Brightline Distribution Center',
    notes: 'Gate 3 for contractors. Steel-toe boots and a hi-vis vest required.',
    address1: '4820 E Elwood St',
    city: 'Phoenix',
    state: 'AZ',
    zip: '85040',
    location_type: 1,
  },
  {
    id: 704,
    name: 'Harborview Medical Center',
    notes: 'Badge in at the main security desk; escort required in patient areas.',
    address1: '1900 N Harbor Ave',
    city: 'Tampa',
    state: 'FL',
    zip: '33602',
    location_type: 1,
  },
  {
    id: 705,
    name: 'Harborview Outpatient Clinic',
    notes: 'Park in the garage on Jefferson St; the clinic validates parking.',
    address1: '515 N Orange Ave',
    address2: 'Floor 2',
    city: 'Orlando',
    state: 'FL',
    zip: '32801',
    location_type: 1,
  },
  {
    id: 706,
    name: 'Summit FCU Downtown Branch',
    notes: 'ATM vault is opened by branch staff only.',
    address1: '1650 Larimer St',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    location_type: 1,
  },
  {
    id: 707,
    name: 'Travis County Records Office',
    notes: 'Government ID needed at the front desk. Work only between 7 AM and 4 PM.',
    address1: '700 Lavaca St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    location_type: 3,
  },
  {
    id: 708,
    name: 'Maple Ridge High School',
    notes: 'Sign in at the main office. No work while classes are in session.',
    address1: '2255 Maple Ridge Rd',
    city: 'Austin',
    state: 'TX',
    zip: '78745',
    location_type: 4,
  },
];

export function seedLocations(db: MarketplaceDatabase, companyId: number): void {
  for (const { id, name, address2 = '', ...fields } of DEMO_LOCATIONS) {
    insertLocation(db, companyId, name, { ...fields, address2, country: 'US' }, id);
  }
}
