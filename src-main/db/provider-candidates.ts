import { personName } from '../../src-shared/domain/person-name';
import type { Statement } from 'better-sqlite3';
import type { ProviderProfile } from '../../src-shared/api/provider';
import type { NearbyProviders } from '../../src-shared/api/provider-search';
import type { User } from '../../src-shared/api/user';
import { bookedSpans, userZone } from '../../src-shared/domain/booked-time';
import { milesBetween } from '../../src-shared/domain/distance';
import { overlaps, type Span } from '../../src-shared/domain/time-on-site';
import type { CandidateSource, ProviderCandidate } from '../../src-shared/ipc/find-provider';
import type { CacheDatabase } from './database';
import { ratingOf } from './dispatch-board-providers';
import { providerNames } from './provider-names';
import { ProviderScheduleRepository } from './provider-schedule-repository';
import { statusIds } from './work-order-query';

const DONE = statusIds(['workdone', 'approved', 'paid']).join(', ');

/** A nearby search as kept (migration 0016). */
export interface KeptSearch {
  radius: number;
  searchedAt: number;
  results: User[];
}

interface OrderFacts {
  span: Span | undefined;
  site: { latitude: number; longitude: number } | undefined;
}

/**
 * The candidates for one order, side by side: those a nearby search found (kept per order), those
 * who requested it, worked for the company, or sit in its pools, each with distance, rating, work
 * done for the company and whether their marketplace schedule books them at the order's time.
 */
export class ProviderCandidates {
  readonly #s: Record<'save' | 'search' | 'order' | 'requested' | 'workedWith' | 'pools' | 'profiles' | 'users', Statement>;
  readonly #schedules: ProviderScheduleRepository;

  constructor(private readonly db: CacheDatabase) {
    this.#schedules = new ProviderScheduleRepository(db);
    this.#s = {
      save: db.prepare(`INSERT INTO provider_searches (work_order_id, radius, searched_at, json) VALUES (?, ?, ?, ?)
        ON CONFLICT(work_order_id) DO UPDATE SET radius = excluded.radius, searched_at = excluded.searched_at, json = excluded.json`),
      search: db.prepare('SELECT radius, searched_at AS searchedAt, json FROM provider_searches WHERE work_order_id = ?'),
      order: db.prepare('SELECT schedule_start AS start, visit_end AS end, latitude, longitude FROM work_orders WHERE id = ?'),
      requested: db.prepare('SELECT DISTINCT provider_id FROM requests WHERE work_order_id = ? AND provider_id IS NOT NULL AND coalesce(active, 1) = 1').pluck(),
      workedWith: db.prepare(`SELECT provider_id AS id, COUNT(CASE WHEN status_id IN (${DONE}) THEN 1 END) AS done FROM work_orders WHERE provider_id IS NOT NULL GROUP BY provider_id`),
      pools: db.prepare('SELECT DISTINCT provider_id FROM talent_pool_members').pluck(),
      profiles: db.prepare('SELECT id, json FROM providers WHERE id IN (SELECT value FROM json_each(?))'),
      users: db.prepare('SELECT provider_id AS id, json FROM provider_schedules WHERE provider_id IN (SELECT value FROM json_each(?))'),
    };
  }

  saveSearch(workOrderId: number, radius: number, answer: NearbyProviders, at: number): void {
    this.#s.save.run(workOrderId, radius, at, JSON.stringify(answer.results));
  }

  lastSearch(workOrderId: number): KeptSearch | undefined {
    const row = this.#s.search.get(workOrderId) as { radius: number; searchedAt: number; json: string } | undefined;
    return row && { radius: row.radius, searchedAt: row.searchedAt, results: JSON.parse(row.json) as User[] };
  }

  /** Every candidate for the order: `found` (nearby, or looked up) first-hand, the cache's others beside them. */
  list(workOrderId: number, found: readonly { user: User; source: CandidateSource }[]): ProviderCandidate[] {
    const order = this.#orderFacts(workOrderId);
    const sources = new Map<number, Set<CandidateSource>>();
    const add = (id: number, source: CandidateSource) => sources.set(id, (sources.get(id) ?? new Set()).add(source));
    for (const { user, source } of found) add(user.id, source);
    for (const id of this.#s.requested.all(workOrderId) as number[]) add(id, 'requested');
    const done = new Map<number, number>();
    for (const row of this.#s.workedWith.all() as { id: number; done: number }[]) {
      done.set(row.id, row.done);
      add(row.id, 'worked-with');
    }
    for (const id of this.#s.pools.all() as number[]) add(id, 'pool');

    const ids = [...sources.keys()];
    const fresh = new Map(found.map(({ user }) => [user.id, user]));
    const kept = this.#rows(this.#s.users, ids, (json) => JSON.parse(json) as User);
    const profiles = this.#rows(this.#s.profiles, ids, (json) => JSON.parse(json) as ProviderProfile);
    const names = providerNames(this.db, ids);
    const bookings = order.span ? this.#schedules.inPeriod(ids, order.span.start, order.span.end) : undefined;

    const candidates = ids.map((id): ProviderCandidate => {
      const user = fresh.get(id) ?? kept.get(id);
      return {
        id,
        name: names.get(id) ?? personName({ first_name: user?.first_name, last_name: user?.last_name }) ?? `Provider ${id}`,
        distance: distanceOf(user, fresh.has(id), order.site),
        rating: ratingOf(user ?? profiles.get(id)),
        doneForYou: done.get(id) ?? 0,
        bookedThen: fresh.has(id) ? bookedAt(user, order.span) : bookingOf(bookings?.get(id), order.span),
        routable: typeof user?.routable === 'boolean' ? user.routable : null,
        sources: [...(sources.get(id) ?? [])],
      };
    });
    return candidates.sort((left, right) => (left.distance ?? Infinity) - (right.distance ?? Infinity) || left.name.localeCompare(right.name) || left.id - right.id);
  }

  #orderFacts(workOrderId: number): OrderFacts {
    const row = this.#s.order.get(workOrderId) as { start: number | null; end: number | null; latitude: number | null; longitude: number | null } | undefined;
    return {
      span: typeof row?.start === 'number' && typeof row.end === 'number' ? { start: row.start, end: row.end } : undefined,
      site: typeof row?.latitude === 'number' && typeof row.longitude === 'number' ? { latitude: row.latitude, longitude: row.longitude } : undefined,
    };
  }

  #rows<T>(statement: Statement, ids: readonly number[], parse: (json: string) => T): Map<number, T> {
    return new Map((statement.all(JSON.stringify(ids)) as { id: number; json: string }[]).map((row) => [row.id, parse(row.json)]));
  }
}


/** The marketplace's own distance for a search's answer; else worked out from a kept home base and the site. */
function distanceOf(user: User | undefined, searched: boolean, site: OrderFacts['site']): number | null {
  const coords = user?.coords;
  if (searched && typeof coords?.distance === 'number') return coords.distance;
  if (!site || typeof coords?.latitude !== 'number' || typeof coords.longitude !== 'number') return null;
  return Math.round(milesBetween(site, { latitude: coords.latitude, longitude: coords.longitude }) * 100) / 100;
}

function bookedAt(user: User | undefined, span: Span | undefined): boolean | null {
  if (!span || !user?.upcoming_schedule) return null;
  return bookedSpans(user.upcoming_schedule, userZone(user)).some((booked) => overlaps(booked, span));
}

function bookingOf(kept: { busy: Span[]; checkedAt: number | null } | undefined, span: Span | undefined): boolean | null {
  if (!span || !kept || kept.checkedAt === null) return null;
  return kept.busy.some((booked) => overlaps(booked, span));
}
