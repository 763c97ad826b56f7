import { z } from 'zod';
import { knownString } from './common';
import { CoordsSchema } from './geo';
import { ProviderProfileSchema } from './provider';


/**
 * One stretch of a provider's booked time (`UserUpcomingSchedule`) *(ours: the format)*: `date`
 * `YYYY-MM-DD`, `from` and `to` `HH:MM` (24-hour), all in the provider's own `time_zone`. A stretch
 * that crosses midnight comes as one entry per date, the first ending at `24:00`.
 */
export const UserUpcomingScheduleSchema = z.looseObject({
  date: z.string().nullish(),
  from: z.string().nullish(),
  to: z.string().nullish(),
});
export type UserUpcomingSchedule = z.infer<typeof UserUpcomingScheduleSchema>;

/** Finished orders (`UserJobs`): for the caller's company, and on the whole marketplace. */
export const UserJobsSchema = z.looseObject({
  company: z.number().int().nullish(),
  marketplace: z.number().int().nullish(),
});
export type UserJobs = z.infer<typeof UserJobsSchema>;

/** A talent pool group of the caller's company that has the provider in one of its pools (`UserPreferredGroups`). */
export const UserPreferredGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string().nullish(),
  notes: z.string().nullish(),
});
export type UserPreferredGroup = z.infer<typeof UserPreferredGroupSchema>;

export const USER_ROLES = ['provider', 'manager'] as const;

/**
 * Answer of GET users/{user}: the provider profile of the spec (decisions §6), with what the SDK's
 * `User` model adds and a marketplace can say of anyone: where they are based, when they are
 * booked, whether they worked for the caller's company and how often.
 */
export const UserSchema = ProviderProfileSchema.extend({
  role: knownString(USER_ROLES).nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  zip: z.string().nullish(),
  /** The home base; null where it is not known. */
  coords: CoordsSchema.nullish(),
  upcoming_schedule: z.array(UserUpcomingScheduleSchema).nullish(),
  worked_with: z.boolean().nullish(),
  jobs: UserJobsSchema.nullish(),
  preferred_groups: z.array(UserPreferredGroupSchema).nullish(),
});
export type User = z.infer<typeof UserSchema>;
