import { randomUUID } from 'node:crypto';
import type { ProviderProfile, StarRating } from '../../../src-shared/api/provider';
import type { WorkOrderManager } from '../../../src-shared/api/work-order';
import type { Coordinates } from '../../../src-shared/domain/distance';
import type { MarketplaceContext } from '../context';
import { MarketplaceError, notFound } from '../http/errors';
import { apiTimestamp } from '../http/timestamp';
import { preparedStatement } from '../store/database';
import { companyName } from './company';

/** A background check or drug test on a provider's profile. */
export interface ScreeningRecord {
  id: number;
  name: string;
  /** `YYYY-MM-DD`. */
  expires: string;
}

/** What the `users` table keeps in `data` for a provider (technician). */
export interface ProviderData {
  email: string;
  cell: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  /** The home base (domain/site-geography.ts: the centre of `zip`, else of `city`); absent where it is not known. */
  coords?: Coordinates & { exact?: boolean };
  about: string;
  w2: boolean;
  /** IANA name; the profile answers it with its current UTC offset. */
  time_zone: string;
  /** The provider's own service company, which is not a buyer company of the marketplace. */
  company: { id: number; name: string; technicians: number; service_company_verified: boolean };
  rating: { marketplace: StarRating; my_company: StarRating };
  background_checks: ScreeningRecord[];
  drug_tests: ScreeningRecord[];
  credit_check: boolean;
  driving_records_check: boolean;
  protec: boolean;
  worker_compensation: boolean;
  routable: boolean;
  marketplace: boolean;
  created_at: number;
  last_active_at: number;
}

/** What the `users` table keeps in `data` for a manager; every key is optional (tests insert bare rows). */
export interface ManagerData {
  email?: string;
  phone?: string;
  city?: string;
  state?: string;
  country?: string;
  time_zone?: string;
}

/** A row of the `users` table: buyer managers and providers alike. */
export interface UserRow {
  id: number;
  company_id: number | null;
  role: 'manager' | 'provider';
  first_name: string;
  last_name: string;
  data: string;
}

/** Time zones of the seeded users, with stable ids *(ours)*; another IANA name gets id 0. */
const TIME_ZONE_IDS: Readonly<Record<string, number>> = {
  'America/New_York': 1,
  'America/Chicago': 2,
  'America/Denver': 3,
  'America/Phoenix': 4,
  'America/Los_Angeles': 5,
  'America/Anchorage': 6,
  'Pacific/Honolulu': 7,
  'America/Detroit': 8,
};

/** Hours from UTC at `at` (so daylight saving time shows), e.g. -5 or 5.5. */
function utcOffsetHours(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return match[1] === '-' ? -hours : hours;
}

function timeZone(name: string, at: number) {
  return { id: TIME_ZONE_IDS[name] ?? 0, name, offset: utcOffsetHours(name, at) };
}

function utcOnly(ms: number) {
  return { utc: apiTimestamp(ms).utc };
}

const NO_RATING: StarRating = { total_ratings: 0, stars: 0 };

/** A provider's row as the spec's profile (decisions §6). */
export function presentProvider(context: MarketplaceContext, row: UserRow, data: ProviderData): ProviderProfile {
  return {
    id: row.id,
    rating: data.rating,
    first_name: row.first_name,
    last_name: row.last_name,
    w2: data.w2,
    cell: data.cell,
    // No photos in the local marketplace; an empty thumbnail is how the service says so.
    thumbnail: '',
    city: data.city,
    state: data.state,
    country: data.country,
    correlation_id: randomUUID(),
    company: { ...data.company, role: { marketplace_manager: false }, vendors: [] },
    last_active: utcOnly(data.last_active_at),
    created_date: utcOnly(data.created_at),
    about: data.about,
    time_zone: timeZone(data.time_zone, context.clock.now()),
    background_checks: data.background_checks,
    drug_tests: data.drug_tests,
    credit_check: data.credit_check,
    driving_records_check: data.driving_records_check,
    protec: data.protec,
    worker_compensation: data.worker_compensation,
    routable: data.routable,
    marketplace: data.marketplace,
  };
}

/** A buyer company's manager in the same shape: no ratings, never routable. */
function presentManager(context: MarketplaceContext, row: UserRow, data: ManagerData): ProviderProfile {
  return {
    id: row.id,
    rating: { marketplace: NO_RATING, my_company: NO_RATING },
    first_name: row.first_name,
    last_name: row.last_name,
    w2: false,
    cell: data.phone ?? '',
    thumbnail: '',
    city: data.city ?? '',
    state: data.state ?? '',
    country: data.country ?? '',
    correlation_id: randomUUID(),
    company: {
      technicians: 0,
      id: row.company_id,
      name: row.company_id === null ? '' : (companyName(context, row.company_id) ?? ''),
      role: { marketplace_manager: true },
      service_company_verified: false,
      vendors: [],
    },
    last_active: null,
    created_date: null,
    about: '',
    time_zone: timeZone(data.time_zone ?? 'UTC', context.clock.now()),
    background_checks: [],
    drug_tests: [],
    credit_check: false,
    driving_records_check: false,
    protec: false,
    worker_compensation: false,
    routable: false,
    marketplace: false,
  };
}

/** Any user by id, manager or provider; every record that names a person reads them here. */
export function findUser(context: MarketplaceContext, userId: number): UserRow | undefined {
  return preparedStatement(context, 'SELECT id, company_id, role, first_name, last_name, data FROM users WHERE id = ?').get(userId) as UserRow | undefined;
}

/** A manager user of the company, as a work order's `manager`; undefined for anyone else. */
export function findManager(context: MarketplaceContext, companyId: number, userId: number): WorkOrderManager | undefined {
  const row = findUser(context, userId);
  if (row?.role !== 'manager' || row.company_id !== companyId) return undefined;
  const data = JSON.parse(row.data) as ManagerData;
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, email: data.email ?? null, phone: data.phone ?? null };
}

/** A provider's profile, or undefined when the id is not a provider's. */
export function providerProfile(context: MarketplaceContext, providerId: number): ProviderProfile | undefined {
  const row = findUser(context, providerId);
  if (row?.role !== 'provider') return undefined;
  return presentProvider(context, row, JSON.parse(row.data) as ProviderData);
}

/**
 * GET users/{user}: any provider (profiles are public on the marketplace), or a manager of the
 * caller's company; another company's manager is that company's record (403, decisions §5).
 */
export function userProfile(context: MarketplaceContext, companyId: number, userId: number): ProviderProfile {
  const row = findUser(context, userId);
  if (!row) throw notFound(`User ${userId}`);
  if (row.role === 'provider') return presentProvider(context, row, JSON.parse(row.data) as ProviderData);
  if (row.company_id !== companyId) throw new MarketplaceError('FORBIDDEN', `User ${userId} belongs to another company`);
  return presentManager(context, row, JSON.parse(row.data) as ManagerData);
}
