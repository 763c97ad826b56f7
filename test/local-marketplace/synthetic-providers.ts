import type { ProviderData } from '../../src-main/local-marketplace/domain/providers';
import type { MarketplaceDatabase } from '../../src-main/local-marketplace/store/database';
import { random } from '../main/db/work-order-fixtures';

// Many made-up providers straight into the users table, for the provider search's index test and
// its benchmark: home bases spread over the lower 48 states, thicker around a few metro areas as
// real ones are, each doing one kind of work (provider-skills.ts reads it from `about`).

/** Metro centres most providers live around; the rest are anywhere in the lower 48's box. */
const METROS: readonly [number, number][] = [
  [41.88, -87.63],
  [40.71, -74.01],
  [34.05, -118.24],
  [29.76, -95.37],
  [33.45, -112.07],
  [39.74, -104.99],
  [47.61, -122.33],
  [33.75, -84.39],
  [27.95, -82.46],
  [44.98, -93.27],
];

/** One line of `about` per kind of work, as the seed writes them. */
export const SKILLS: readonly { typeOfWork: number; about: string }[] = [
  { typeOfWork: 62, about: 'POS installs and point of sale repairs.' },
  { typeOfWork: 4, about: 'Network switch cutovers and Wi-Fi surveys.' },
  { typeOfWork: 54, about: 'Printer fleets and copier service.' },
  { typeOfWork: 65, about: 'CCTV, alarm and access control.' },
  { typeOfWork: 61, about: 'Desktop and laptop imaging.' },
  { typeOfWork: 8, about: 'HVAC controls and thermostats.' },
];

export const FIRST_SYNTHETIC_PROVIDER = 100_001;

function providerData(latitude: number, longitude: number, about: string, index: number): ProviderData {
  return {
    email: `provider${index}@synthetic.example`,
    cell: `+1 555 555 ${String(index % 10_000).padStart(4, '0')}`,
    city: 'Somewhere',
    state: 'ZZ',
    zip: '00000',
    country: 'US',
    coords: { latitude, longitude, exact: false },
    about,
    w2: false,
    time_zone: 'America/Chicago',
    company: { id: 4001, name: 'Synthetic Field Services', technicians: 1, service_company_verified: false },
    rating: { marketplace: { stars: 4 + (index % 10) / 10, total_ratings: index % 300 }, my_company: { stars: 0, total_ratings: 0 } },
    background_checks: [],
    drug_tests: [],
    credit_check: false,
    driving_records_check: false,
    protec: false,
    worker_compensation: false,
    routable: index % 7 !== 0,
    marketplace: true,
    created_at: Date.UTC(2020, 0, 1),
    last_active_at: Date.UTC(2026, 0, 1),
  };
}

/** A point in the lower 48's box: three in four near a metro (within about a degree), else anywhere. */
export function randomHome(next: () => number): { latitude: number; longitude: number } {
  if (next() < 0.75) {
    const [latitude, longitude] = METROS[Math.floor(next() * METROS.length)] as [number, number];
    return { latitude: latitude + (next() - 0.5) * 2, longitude: longitude + (next() - 0.5) * 2.5 };
  }
  return { latitude: 25 + next() * 24, longitude: -124 + next() * 57 };
}

/** Inserts `count` providers from id FIRST_SYNTHETIC_PROVIDER on, the same ones for the same `seed`. */
export function insertSyntheticProviders(db: MarketplaceDatabase, count: number, seed = 7, home: (next: () => number) => { latitude: number; longitude: number } = randomHome): void {
  const next = random(seed);
  const insert = db.prepare(`INSERT INTO users (id, company_id, role, first_name, last_name, data) VALUES (?, NULL, 'provider', ?, ?, ?)`);
  db.transaction(() => {
    for (let index = 0; index < count; index += 1) {
      const { latitude, longitude } = home(next);
      const skill = SKILLS[index % SKILLS.length] as (typeof SKILLS)[number];
      insert.run(FIRST_SYNTHETIC_PROVIDER + index, 'Synthetic', `Provider ${index}`, JSON.stringify(providerData(latitude, longitude, skill.about, index)));
    }
  })();
}
