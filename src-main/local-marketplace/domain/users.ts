import type { User } from '../../../src-shared/api/user';
import type { MarketplaceContext } from '../context';
import { findUser, type ManagerData, type ProviderData, presentProvider, type UserRow, userProfile } from './providers';
import { providersWork, providerWork, type ProviderWork } from './provider-work';
import { upcomingSchedule } from './upcoming-schedule';

// GET users/{user} (decisions §6; the SDK's `User` model): the profile of providers.ts, with where
// the provider is based, when they are booked, and what they did for the caller's company. Every
// figure is read from the orders at the moment of asking.

/** What a manager has of the `User` fields a provider fills: no home base, no bookings, no jobs. */
function managerFacts(data: ManagerData) {
  return {
    role: 'manager',
    email: data.email ?? '',
    phone: data.phone ?? '',
    zip: '',
    coords: null,
    upcoming_schedule: [],
    worked_with: false,
    jobs: { company: 0, marketplace: 0 },
    preferred_groups: [],
  };
}

function providerFacts(context: MarketplaceContext, data: ProviderData, work: ProviderWork) {
  const spans = work.assigned.flatMap((order) => (order.span ? [order.span] : []));
  return {
    role: 'provider',
    email: data.email,
    phone: data.cell,
    zip: data.zip,
    // A ZIP code's or city's centre, not the provider's door: `exact` says so.
    coords: data.coords ? { latitude: data.coords.latitude, longitude: data.coords.longitude, exact: data.coords.exact ?? false } : null,
    upcoming_schedule: upcomingSchedule(spans, data.time_zone, context.clock.now()),
    worked_with: work.jobsForCompany > 0,
    jobs: { company: work.jobsForCompany, marketplace: work.jobsOnMarketplace },
    preferred_groups: work.groups,
  };
}

/** Any provider, or a manager of the caller's company (403 for another company's, 404 unknown). */
export function presentUser(context: MarketplaceContext, companyId: number, userId: number): User {
  const profile = userProfile(context, companyId, userId);
  const row = findUser(context, userId);
  if (row?.role !== 'provider') return { ...profile, ...managerFacts(JSON.parse(row?.data ?? '{}') as ManagerData) };
  return { ...profile, ...providerFacts(context, JSON.parse(row.data) as ProviderData, providerWork(context, companyId, userId)) };
}

/** Providers' rows as GET users/{user} answers each, their work for the company read in one go (a search's page). */
export function presentProviderUsers(context: MarketplaceContext, companyId: number, rows: readonly UserRow[]): User[] {
  const work = providersWork(context, companyId, rows.map((row) => row.id));
  return rows.flatMap((row) => {
    const providerWork = work.get(row.id);
    if (row.role !== 'provider' || !providerWork) return [];
    const data = JSON.parse(row.data) as ProviderData;
    return [{ ...presentProvider(context, row, data), ...providerFacts(context, data, providerWork) }];
  });
}
