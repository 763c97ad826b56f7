import type { Statement } from 'better-sqlite3';
import type { ProviderProfile, StarRating } from '../../src-shared/api/provider';
import type { BoardProvider, BoardProviderSource } from '../../src-shared/ipc/dispatch';
import { ProviderScheduleRepository } from './provider-schedule-repository';
import type { CacheDatabase } from './database';
import { providerNames } from './provider-names';
import { statusIds } from './work-order-query';

const DONE = statusIds(['workdone', 'approved', 'paid']).join(', ');

/** Each provider who ever had one of the cache's orders, with how many it finished: the covering index work_orders_provider_status. */
const WORKED_WITH_SQL = `SELECT provider_id AS id, COUNT(CASE WHEN status_id IN (${DONE}) THEN 1 END) AS done
  FROM work_orders WHERE provider_id IS NOT NULL GROUP BY provider_id`;
const POOL_MEMBERS_SQL = 'SELECT DISTINCT provider_id FROM talent_pool_members';
const PROFILES_SQL = 'SELECT id, json FROM providers WHERE id IN (SELECT value FROM json_each(?))';
const HOMES_SQL = `SELECT provider_id AS id, json_extract(json, '$.coords.latitude') AS latitude, json_extract(json, '$.coords.longitude') AS longitude
  FROM provider_schedules WHERE provider_id IN (SELECT value FROM json_each(?))`;

const RANK: Readonly<Record<BoardProviderSource, number>> = { assigned: 0, pool: 1, 'worked-with': 2 };
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Stars nobody gave are a default, not a verdict (ProviderFacts.svelte says "No rating yet"). */
const stars = (rating: StarRating | null | undefined): number | null =>
  typeof rating?.stars === 'number' && rating.total_ratings !== 0 ? rating.stars : null;

/** The company's own rating first, as the provider picker shows it, else the marketplace's. */
export function ratingOf(profile: ProviderProfile | undefined): number | null {
  return stars(profile?.rating?.my_company) ?? stars(profile?.rating?.marketplace);
}

/** The board's rows: who has a block in the period, the pools' members, and who worked for the company. */
export class DispatchBoardProviders {
  readonly #workedWith: Statement;
  readonly #poolMembers: Statement;
  readonly #profiles: Statement;
  readonly #homes: Statement;
  readonly #schedules: ProviderScheduleRepository;

  constructor(private readonly db: CacheDatabase) {
    this.#schedules = new ProviderScheduleRepository(db);
    this.#workedWith = db.prepare(WORKED_WITH_SQL);
    this.#poolMembers = db.prepare(POOL_MEMBERS_SQL).pluck();
    this.#profiles = db.prepare(PROFILES_SQL);
    this.#homes = db.prepare(HOMES_SQL);
  }

  /** Each provider once under its strongest source; assigned first, then pool members, then the rest, each by name; with their time booked elsewhere in the period. */
  list(assigned: Iterable<number>, period: { from: number; to: number }): BoardProvider[] {
    const done = new Map<number, number>();
    const source = new Map<number, BoardProviderSource>();
    for (const row of this.#workedWith.all() as { id: number; done: number }[]) {
      done.set(row.id, row.done);
      source.set(row.id, 'worked-with');
    }
    for (const id of this.#poolMembers.all() as number[]) source.set(id, 'pool');
    for (const id of assigned) source.set(id, 'assigned');

    const ids = [...source.keys()];
    const profiles = new Map<number, ProviderProfile>();
    for (const row of this.#profiles.all(JSON.stringify(ids)) as { id: number; json: string }[]) profiles.set(row.id, JSON.parse(row.json) as ProviderProfile);
    const names = providerNames(this.db, ids);
    const bookings = this.#schedules.inPeriod(ids, period.from, period.to);
    const homes = new Map<number, [number, number]>();
    for (const row of this.#homes.all(JSON.stringify(ids)) as { id: number; latitude: unknown; longitude: unknown }[]) {
      if (typeof row.latitude === 'number' && typeof row.longitude === 'number') homes.set(row.id, [row.latitude, row.longitude]);
    }

    const providers = ids.map((id) => ({
      id,
      name: names.get(id) ?? `Provider ${id}`,
      source: source.get(id) ?? 'worked-with',
      rating: ratingOf(profiles.get(id)),
      ordersDone: done.get(id) ?? 0,
      busy: bookings.get(id)?.busy ?? [],
      scheduleCheckedAt: bookings.get(id)?.checkedAt ?? null,
      home: homes.get(id) ?? null,
    }));
    return providers.sort((left, right) => RANK[left.source] - RANK[right.source] || collator.compare(left.name, right.name) || left.id - right.id);
  }
}
