import type { Statement } from 'better-sqlite3';
import type { User } from '../../src-shared/api/user';
import type { Span } from '../../src-shared/domain/time-on-site';
import type { CacheDatabase } from './database';
import { statusIds } from './work-order-query';

const [ASSIGNED] = statusIds(['assigned']);

/** A provider's time booked in a period, and when their schedule was last checked. */
export interface ProviderBookings {
  busy: Span[];
  checkedAt: number | null;
}

/**
 * Providers' booked time as last checked on the marketplace (migration 0014): which schedules are
 * due a check, this company's own time of a provider (left out of what is stored, the board draws
 * it as blocks), and what a period holds.
 */
export class ProviderScheduleRepository {
  readonly #checked: Statement;
  readonly #own: Statement;
  readonly #upsert: Statement;
  readonly #clear: Statement;
  readonly #insert: Statement;
  readonly #inPeriod: Statement;
  readonly #write: (providerId: number, user: User, busy: readonly Span[], checkedAt: number) => void;

  constructor(db: CacheDatabase) {
    this.#checked = db.prepare('SELECT provider_id AS id, checked_at AS at FROM provider_schedules WHERE provider_id IN (SELECT value FROM json_each(?))');
    this.#own = db.prepare(`SELECT schedule_start AS start, visit_end AS end FROM work_orders
      WHERE provider_id = ? AND status_id = ${ASSIGNED} AND schedule_start IS NOT NULL AND visit_end > schedule_start`);
    this.#upsert = db.prepare(`INSERT INTO provider_schedules (provider_id, checked_at, json) VALUES (?, ?, ?)
      ON CONFLICT(provider_id) DO UPDATE SET checked_at = excluded.checked_at, json = excluded.json`);
    this.#clear = db.prepare('DELETE FROM provider_bookings WHERE provider_id = ?');
    this.#insert = db.prepare('INSERT OR REPLACE INTO provider_bookings (provider_id, start, end) VALUES (?, ?, ?)');
    this.#inPeriod = db.prepare('SELECT provider_id AS id, start, end FROM provider_bookings WHERE end > ? AND start < ? ORDER BY provider_id, start');
    this.#write = db.transaction((providerId: number, user: User, busy: readonly Span[], checkedAt: number) => {
      this.#upsert.run(providerId, checkedAt, JSON.stringify(user));
      this.#clear.run(providerId);
      for (const span of busy) this.#insert.run(providerId, span.start, span.end);
    });
  }

  /** Of `ids`, those never checked or checked before `since`, the longest unchecked first. */
  due(ids: readonly number[], since: number): number[] {
    const at = new Map((this.#checked.all(JSON.stringify(ids)) as { id: number; at: number }[]).map((row) => [row.id, row.at]));
    return [...new Set(ids)].filter((id) => (at.get(id) ?? -Infinity) < since).sort((first, second) => (at.get(first) ?? -Infinity) - (at.get(second) ?? -Infinity));
  }

  /** The time this company's orders assigned to the provider hold them, as the cache has it now. */
  ownTime(providerId: number): Span[] {
    return this.#own.all(providerId) as Span[];
  }

  /** Replaces what is kept of one provider's schedule. */
  write(providerId: number, user: User, busy: readonly Span[], checkedAt: number): void {
    this.#write(providerId, user, busy, checkedAt);
  }

  /** Each of `ids` with its booked time meeting [from, to) and when it was checked (null: never). */
  inPeriod(ids: readonly number[], from: number, to: number): Map<number, ProviderBookings> {
    const found = new Map<number, ProviderBookings>(ids.map((id) => [id, { busy: [], checkedAt: null }]));
    for (const row of this.#checked.all(JSON.stringify(ids)) as { id: number; at: number }[]) {
      const entry = found.get(row.id);
      if (entry) entry.checkedAt = row.at;
    }
    for (const row of this.#inPeriod.all(from, to) as { id: number; start: number; end: number }[]) found.get(row.id)?.busy.push({ start: row.start, end: row.end });
    return found;
  }
}
