import type { Migration } from './index';

/**
 * A provider's booked time on the marketplace (`users/{user}`'s `upcoming_schedule`), kept so the
 * dispatch board can say "booked then" offline (issue 25):
 * - `provider_schedules`: when each provider's schedule was last checked, and the `User` answered
 *   then (the profile a pool pull keeps in `providers` has no schedule, and a pull replaces it);
 * - `provider_bookings`: that schedule as instants, less the time of this company's own orders
 *   the cache held then (the board draws those as blocks already). Replaced whole on each check.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'provider-schedules',
  up: `
    CREATE TABLE provider_schedules (
      provider_id INTEGER PRIMARY KEY,
      checked_at INTEGER NOT NULL,
      json TEXT NOT NULL
    );
    CREATE TABLE provider_bookings (
      provider_id INTEGER NOT NULL REFERENCES provider_schedules(provider_id) ON DELETE CASCADE,
      start INTEGER NOT NULL,
      end INTEGER NOT NULL,
      PRIMARY KEY (provider_id, start)
    ) WITHOUT ROWID;
    CREATE INDEX provider_bookings_end ON provider_bookings(end);
  `,
};
