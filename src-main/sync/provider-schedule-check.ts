import type { User } from '../../src-shared/api/user';
import { bookedSpans, userZone, withoutSpans } from '../../src-shared/domain/booked-time';
import { ApiError } from '../api-client/api-error';
import type { CompanyApi } from '../api-client/company-api';
import type { ProviderScheduleRepository } from '../db/provider-schedule-repository';
import { forEachConcurrently } from './concurrency';

/** A schedule checked this recently is not asked for again: the board opens and scrolls often. */
export const SCHEDULE_FRESH_MS = 10 * 60_000;
/** Two at a time: a board shows a screenful of rows, and the pull may be running beside it. */
const CONCURRENCY = 2;

export interface ProviderScheduleCheckDependencies {
  users: Pick<CompanyApi, 'user'>;
  schedules: Pick<ProviderScheduleRepository, 'due' | 'ownTime' | 'write'>;
  now: () => number;
}

export interface ProviderScheduleCheckOutcome {
  /** Schedules fetched and stored. */
  checked: number;
  /** Due but not fetched: a request failed (offline, signed out, refused), so the rest waited. */
  failed: number;
}

/** Keeps what a `User` answer says of the provider's booked time, less this company's own orders (the board draws those). */
export function keepSchedule(schedules: Pick<ProviderScheduleRepository, 'ownTime' | 'write'>, user: User, at: number): void {
  const booked = bookedSpans(user.upcoming_schedule ?? [], userZone(user));
  schedules.write(user.id, user, withoutSpans(booked, schedules.ownTime(user.id)), at);
}

/**
 * Fetches `users/{user}` for each provider whose schedule is due a check, and keeps their booked
 * time less this company's own (read from the cache at the same moment). A provider the
 * marketplace does not know is kept with no bookings, so it is not asked for again at once; the
 * first other failure stops the round (offline, every request would fail alike).
 */
export async function checkProviderSchedules(ids: readonly number[], deps: ProviderScheduleCheckDependencies, signal: AbortSignal): Promise<ProviderScheduleCheckOutcome> {
  const due = deps.schedules.due(ids, deps.now() - SCHEDULE_FRESH_MS);
  let checked = 0;
  try {
    await forEachConcurrently(due, CONCURRENCY, signal, async (id, taskSignal) => {
      let user: User;
      try {
        user = await deps.users.user(id, { signal: taskSignal });
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
        user = { id, upcoming_schedule: [] };
      }
      keepSchedule(deps.schedules, user, deps.now());
      checked += 1;
    });
  } catch (error) {
    if (signal.aborted) throw error;
  }
  return { checked, failed: due.length - checked };
}
