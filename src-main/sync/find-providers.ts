import type { NearbyProviders } from '../../src-shared/api/provider-search';
import type { User } from '../../src-shared/api/user';
import type { FoundProviders, ProviderCandidate } from '../../src-shared/ipc/find-provider';
import { ApiError } from '../api-client/api-error';
import type { ProviderCandidates } from '../db/provider-candidates';
import type { ProviderScheduleRepository } from '../db/provider-schedule-repository';
import { keepSchedule } from './provider-schedule-check';

export interface FindProvidersDependencies {
  candidates: Pick<ProviderCandidates, 'saveSearch' | 'lastSearch' | 'list'>;
  /** The marketplace's nearby search; rejects offline. */
  search: (workOrderId: number, radius: number) => Promise<NearbyProviders>;
  now: () => number;
}

/**
 * "Find a provider": asks the marketplace who is near the order's site and keeps the answer, then
 * answers every candidate the cache knows beside them. Offline (or refused) it answers the last
 * search kept for the order, and says so; a site the marketplace cannot place is said in words.
 */
export async function findProviders(workOrderId: number, radius: number, deps: FindProvidersDependencies): Promise<FoundProviders> {
  let offline = false;
  let notice: string | null = null;
  try {
    deps.candidates.saveSearch(workOrderId, radius, await deps.search(workOrderId, radius), deps.now());
  } catch (error) {
    if (error instanceof ApiError && error.code === 'API_REJECTED' && error.fields.includes('location')) notice = error.serverMessage ?? 'The marketplace cannot place this order’s site, so it cannot say who is near it.';
    else offline = true;
  }
  const kept = deps.candidates.lastSearch(workOrderId);
  return {
    candidates: deps.candidates.list(workOrderId, (kept?.results ?? []).map((user) => ({ user, source: 'nearby' }))),
    searchedAt: kept?.searchedAt ?? null,
    radius: kept?.radius ?? null,
    offline,
    notice,
  };
}

export interface LookupDependencies {
  candidates: Pick<ProviderCandidates, 'list'>;
  schedules: Pick<ProviderScheduleRepository, 'ownTime' | 'write'>;
  user: (providerId: number) => Promise<User>;
  now: () => number;
}

/** One provider by id (`users/{user}`), kept as a schedule check is, answered as a candidate for the order. */
export async function lookUpProvider(workOrderId: number, providerId: number, deps: LookupDependencies): Promise<ProviderCandidate> {
  const user = await deps.user(providerId);
  keepSchedule(deps.schedules, user, deps.now());
  const found = deps.candidates.list(workOrderId, [{ user, source: 'looked-up' }]).find((candidate) => candidate.id === providerId);
  if (!found) throw new ApiError('API_NOT_FOUND');
  return found;
}
