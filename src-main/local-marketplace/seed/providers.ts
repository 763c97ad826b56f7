import type { StarRating } from '../../../src-shared/api/provider';
import { locate } from '../domain/site-geography';
import type { ProviderData, ScreeningRecord } from '../domain/providers';
import type { MarketplaceDatabase } from '../store/database';

/** The providers' own service companies (ids 4001–4010); they are not buyer companies. */
const SERVICE_COMPANIES: Readonly<Record<number, { name: string; domain: string; verified: boolean }>> = {
  4001: { name: 'Lakeshore Technical Services', domain: 'lakeshoretech.example', verified: true },
  4002: { name: 'Kowalski Networks LLC', domain: 'kowalskinet.example', verified: false },
  4003: { name: 'Badger State Field Tech', domain: 'badgerfieldtech.example', verified: true },
  4004: { name: 'Desert Sun Installations', domain: 'desertsun-install.example', verified: true },
  4005: { name: 'Gulf Coast IT Services', domain: 'gulfcoastit.example', verified: true },
  4006: { name: 'Lone Star Field Services', domain: 'lonestarfield.example', verified: true },
  4007: { name: 'Front Range Tech', domain: 'frontrangetech.example', verified: false },
  4008: { name: 'Buckeye Connect', domain: 'buckeyeconnect.example', verified: false },
  4009: { name: 'Haddad Electric & Data', domain: 'haddad-electric.example', verified: true },
  4010: { name: 'Pacific Crest Technicians', domain: 'pacificcrest.example', verified: true },
};

const BACKGROUND_CHECK: ScreeningRecord = { id: 1, name: 'Standard Background Check', expires: '2026-11-30' };
const ENHANCED_BACKGROUND_CHECK: ScreeningRecord = { id: 2, name: 'Enhanced Background Check (7-year county)', expires: '2027-03-31' };
const DRUG_TEST: ScreeningRecord = { id: 1, name: '5-Panel Drug Test', expires: '2026-06-30' };
const EXTENDED_DRUG_TEST: ScreeningRecord = { id: 2, name: '10-Panel Drug Test', expires: '2026-09-30' };

/** Which screenings a provider holds: none, a background check, or a background check and drug test. */
const SCREENINGS: Record<'none' | 'background' | 'full' | 'enhanced', Pick<ProviderData, 'background_checks' | 'drug_tests'>> = {
  none: { background_checks: [], drug_tests: [] },
  background: { background_checks: [BACKGROUND_CHECK], drug_tests: [] },
  full: { background_checks: [BACKGROUND_CHECK], drug_tests: [DRUG_TEST] },
  enhanced: { background_checks: [ENHANCED_BACKGROUND_CHECK], drug_tests: [EXTENDED_DRUG_TEST] },
};

interface ProviderSeed {
  id: number;
  first: string;
  last: string;
  /** City, state, zip, IANA time zone, phone area code: the home base, near the sites the provider works. */
  home: readonly [string, string, string, string, string];
  company: keyof typeof SERVICE_COMPANIES;
  /** Stars and ratings on the marketplace, then with the demo company (0 ratings: never worked together). */
  rating: readonly [number, number, number, number];
  screening: keyof typeof SCREENINGS;
  about: string;
  joined: string;
  /** Minutes before the seed that the provider was last active. */
  idle: number;
  w2?: boolean;
  protec?: boolean;
  /** Extra checks on the profile: credit, driving records, worker's compensation. */
  checks?: readonly ('credit' | 'driving' | 'compensation')[];
  routable?: boolean;
}

/** Providers 3001–3020: the technicians the demo company routes and assigns. */
export const DEMO_PROVIDERS: readonly ProviderSeed[] = [
  { id: 3001, first: 'Luis', last: 'Ramos', home: ['Chicago', 'IL', '60618', 'America/Chicago', '773'], company: 4001, rating: [4.9, 212, 5, 18], screening: 'full', about: 'POS and retail networking specialist; 11 years in the field.', joined: '2016-04-12', idle: 25, protec: true, checks: ['driving', 'compensation'] },
  { id: 3002, first: 'Aisha', last: 'Thompson', home: ['Evanston', 'IL', '60201', 'America/Chicago', '847'], company: 4001, rating: [4.8, 147, 4.9, 9], screening: 'full', about: 'Structured cabling and wireless surveys. BICSI Installer 2.', joined: '2018-09-03', idle: 90, protec: true, checks: ['compensation'] },
  { id: 3003, first: 'Tomasz', last: 'Kowalski', home: ['Naperville', 'IL', '60540', 'America/Chicago', '630'], company: 4002, rating: [4.6, 88, 4.5, 4], screening: 'background', about: 'Network engineer (CCNA) who enjoys switch cutovers and rack builds.', joined: '2019-01-21', idle: 600 },
  { id: 3004, first: 'Grace', last: 'Kim', home: ['Milwaukee', 'WI', '53202', 'America/Chicago', '414'], company: 4003, rating: [4.7, 63, 5, 3], screening: 'full', about: 'Desktop deployments, imaging and printer fleets.', joined: '2020-06-15', idle: 45, protec: true },
  { id: 3005, first: 'Darnell', last: 'Brooks', home: ['Joliet', 'IL', '60435', 'America/Chicago', '815'], company: 4001, rating: [4.5, 301, 4.7, 22], screening: 'enhanced', about: 'Low and high voltage wiring; licensed electrician in Illinois.', joined: '2015-02-02', idle: 5, w2: true, checks: ['credit', 'driving', 'compensation'] },
  { id: 3006, first: 'Hannah', last: 'Okafor', home: ['Madison', 'WI', '53703', 'America/Chicago', '608'], company: 4003, rating: [4.9, 41, 0, 0], screening: 'background', about: 'Audio-visual and digital signage installs for retail and campuses.', joined: '2021-08-30', idle: 1440 },
  { id: 3007, first: 'Miguel', last: 'Herrera', home: ['Phoenix', 'AZ', '85004', 'America/Phoenix', '602'], company: 4004, rating: [4.8, 176, 4.8, 6], screening: 'full', about: 'Warehouse networking, kiosks and handheld scanners.', joined: '2017-05-19', idle: 120, protec: true, checks: ['driving'] },
  { id: 3008, first: 'Emily', last: 'Chen', home: ['Tempe', 'AZ', '85281', 'America/Phoenix', '480'], company: 4004, rating: [4.4, 29, 0, 0], screening: 'none', about: 'Help desk veteran now doing on-site desktop and printer work.', joined: '2023-02-11', idle: 2880 },
  { id: 3009, first: 'Jamal', last: 'Washington', home: ['Tampa', 'FL', '33602', 'America/New_York', '813'], company: 4005, rating: [4.9, 254, 5, 15], screening: 'enhanced', about: 'Healthcare IT: nurse stations, medication carts, clinical Wi-Fi.', joined: '2016-11-07', idle: 15, protec: true, checks: ['credit', 'compensation'] },
  { id: 3010, first: 'Sofia', last: 'Alvarez', home: ['Orlando', 'FL', '32801', 'America/New_York', '407'], company: 4005, rating: [4.7, 98, 4.6, 5], screening: 'full', about: 'CCTV and access control, Florida low-voltage license.', joined: '2019-07-25', idle: 300 },
  { id: 3011, first: 'Ryan', last: "O'Connor", home: ['St. Petersburg', 'FL', '33701', 'America/New_York', '727'], company: 4005, rating: [4.3, 57, 4, 2], screening: 'background', about: 'Fiber splicing and testing, OTDR certified.', joined: '2020-03-09', idle: 720 },
  { id: 3012, first: 'Priyanka', last: 'Desai', home: ['Austin', 'TX', '78701', 'America/Chicago', '512'], company: 4006, rating: [5, 36, 5, 4], screening: 'full', about: 'Server hardware, storage and data center moves.', joined: '2021-10-04', idle: 60, protec: true },
  { id: 3013, first: 'Caleb', last: 'Johnson', home: ['Round Rock', 'TX', '78664', 'America/Chicago', '512'], company: 4006, rating: [4.6, 133, 4.8, 11], screening: 'enhanced', about: 'Government and school district projects; clearance-ready.', joined: '2017-12-01', idle: 240, w2: true, checks: ['driving', 'compensation'] },
  { id: 3014, first: 'Mei Lin', last: 'Wong', home: ['Denver', 'CO', '80202', 'America/Denver', '303'], company: 4007, rating: [4.8, 71, 4.9, 7], screening: 'enhanced', about: 'ATM and bank branch technology, vendor-certified on two ATM lines.', joined: '2018-04-16', idle: 35, checks: ['credit'] },
  { id: 3015, first: 'Andre', last: 'Baptiste', home: ['Aurora', 'CO', '80012', 'America/Denver', '720'], company: 4007, rating: [4.2, 19, 0, 0], screening: 'background', about: 'Telecom and VoIP handset rollouts.', joined: '2022-09-12', idle: 4320 },
  { id: 3016, first: 'Katie', last: 'Sullivan', home: ['Columbus', 'OH', '43215', 'America/New_York', '614'], company: 4008, rating: [4.7, 112, 0, 0], screening: 'full', about: 'Retail merchandising resets and fixture installs.', joined: '2018-02-27', idle: 180 },
  { id: 3017, first: 'Omar', last: 'Haddad', home: ['Dearborn', 'MI', '48126', 'America/Detroit', '313'], company: 4009, rating: [4.9, 389, 4.9, 3], screening: 'full', about: 'Master electrician; high voltage, panels and EV chargers.', joined: '2014-08-18', idle: 10, protec: true, checks: ['driving', 'compensation'] },
  { id: 3018, first: 'Brandon', last: 'Lee', home: ['Sacramento', 'CA', '95814', 'America/Los_Angeles', '916'], company: 4010, rating: [4.5, 84, 0, 0], screening: 'full', about: 'HVAC controls and building automation networks.', joined: '2019-05-06', idle: 480, w2: true, checks: ['compensation'] },
  { id: 3019, first: 'Naomi', last: 'Fischer', home: ['Portland', 'OR', '97204', 'America/Los_Angeles', '503'], company: 4010, rating: [4.6, 45, 0, 0], screening: 'background', about: 'Copier and printer service; not taking routed work this season.', joined: '2020-11-23', idle: 10080, routable: false },
  { id: 3020, first: 'Victor', last: 'Nguyen', home: ['Houston', 'TX', '77002', 'America/Chicago', '713'], company: 4006, rating: [4.8, 158, 4.7, 8], screening: 'full', about: 'Point of sale and satellite installs across the Gulf Coast.', joined: '2017-03-14', idle: 75, protec: true, checks: ['driving'] },
];

function stars(value: number, total: number): StarRating {
  return { stars: value, total_ratings: total };
}

function providerData(seed: ProviderSeed, technicians: number, seededAt: number): ProviderData {
  const [city, state, zip, timeZone, areaCode] = seed.home;
  const company = SERVICE_COMPANIES[seed.company];
  if (!company) throw new Error(`Provider ${seed.id} names an unknown service company`);
  const checks = new Set(seed.checks ?? []);
  const home = locate({ city, state, zip, country: 'US' });
  return {
    email: `${seed.first}.${seed.last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${company.domain}`,
    cell: `+1 ${areaCode} 555 ${String(seed.id).slice(-4)}`,
    city,
    state,
    zip,
    country: 'US',
    ...(home ? { coords: home } : {}),
    about: seed.about,
    w2: seed.w2 ?? false,
    time_zone: timeZone,
    company: { id: seed.company, name: company.name, technicians, service_company_verified: company.verified },
    rating: { marketplace: stars(seed.rating[0], seed.rating[1]), my_company: stars(seed.rating[2], seed.rating[3]) },
    ...SCREENINGS[seed.screening],
    credit_check: checks.has('credit'),
    driving_records_check: checks.has('driving'),
    protec: seed.protec ?? false,
    worker_compensation: checks.has('compensation'),
    routable: seed.routable ?? true,
    marketplace: true,
    created_at: Date.parse(`${seed.joined}T15:00:00Z`),
    last_active_at: seededAt - seed.idle * 60_000,
  };
}

/** Inserts the providers; `last_active` is relative to the marketplace clock at seeding. */
export function seedProviders(db: MarketplaceDatabase, seededAt: number): void {
  const insert = db.prepare(`INSERT INTO users (id, company_id, role, first_name, last_name, data) VALUES (?, NULL, 'provider', ?, ?, ?)`);
  for (const seed of DEMO_PROVIDERS) {
    const technicians = DEMO_PROVIDERS.filter((other) => other.company === seed.company).length;
    insert.run(seed.id, seed.first, seed.last, JSON.stringify(providerData(seed, technicians, seededAt)));
  }
}
