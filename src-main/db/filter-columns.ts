import type { CacheDatabase } from './database';
import { findFrom, firstInOrder } from './ordered-arrays';

/** What a search's filters ask of each match, when that is all they ask (`memoryFilters` in work-order-query.ts). */
export interface MemoryFilters {
  /** The list's statuses, or the ones asked; absent: any. */
  statusIds?: readonly number[];
  /** As `w.city = ?` compares: ASCII letters in any case (`noCase`). */
  city?: string;
  state?: string;
}

/** The sorts these columns answer. */
export type MemorySort = 'schedule' | 'id';

export interface MemoryOrder {
  sort: MemorySort;
  descending: boolean;
}

interface Row {
  /** NaN: none (SQL's NULL, which `IN` never matches; the statuses asked are integers). */
  status: number;
  city: number;
  state: number;
  /** NaN: none (SQL's NULL, first in an ascending sort). */
  schedule: number;
}

/** Orders read per turn of the event loop while the columns are built: 50,000 took 35 ms at a million orders (timed by hand). */
const BUILD_ROWS = 25_000;
/** More changes than this since the last look, and the columns are read whole again instead. */
const MAX_CHANGES = 2_048;

/** What a bulk load's end runs (deferred-indexes.ts): its writes were not followed, so every order may have changed. */
export const FILTER_COLUMNS_RESET_SQL = 'INSERT INTO filter_changes (id) VALUES (NULL);';
/** Every order the text index matches, in its own order (ascending rowids, the orders' ids). */
export const MATCH_ROWIDS_SQL = 'SELECT rowid FROM work_orders_search WHERE work_orders_search MATCH @search';
const ROWS_SQL = 'SELECT id, status_id, city, state, schedule_start FROM work_orders WHERE id > ? ORDER BY id LIMIT ?';
const ROW_SQL = 'SELECT status_id, city, state, schedule_start FROM work_orders WHERE id = ?';

/**
 * The columns a search's filters read (status, city, state, schedule), for every cached order, in
 * memory: a search with filters tests each order the text index matched, and SQLite's lookup of
 * each (14,000 for "repair" in Denver at a million orders) cost 1–2 µs, 44 ms at p95 in all; here,
 * 3 ms for them all (timed by hand). About 33 bytes an order (33 MB at a million).
 *
 * Built in the background, a turn of the event loop per `BUILD_ROWS` orders (1.4 s in all at a
 * million), after the first search that could use them; until then, and while they are read whole
 * again, `ready()` answers false and the caller asks SQLite. Kept fresh from `filter_changes`
 * (migration 0030), read at each use: the orders it names are read again.
 */
export class FilterColumns {
  #ids = new Float64Array(0);
  #live = new Uint8Array(0);
  #status = new Float64Array(0);
  #city = new Uint32Array(0);
  #state = new Uint32Array(0);
  #schedule = new Float64Array(0);
  #count = 0;
  /** Orders added after the build whose ids are lower than the last one (offline drafts, renames). */
  readonly #extra = new Map<number, Row>();
  /** Each city and state as a number, equal as their columns compare (`noCase`); 0 is none. */
  readonly #codes = new Map<string, number>();
  /** The last `filter_changes` row applied; undefined until built. */
  #seq: number | undefined;
  #building = false;

  readonly #defer: (task: () => void) => void;
  readonly #buildRows: number;

  /** `defer` runs a turn of the build later; tests change it and `buildRows`. */
  constructor(
    private readonly db: CacheDatabase,
    { defer = setImmediate, buildRows = BUILD_ROWS }: { defer?: (task: () => void) => void; buildRows?: number } = {},
  ) {
    this.#defer = defer;
    this.#buildRows = buildRows;
  }

  /**
   * Whether the columns hold every order as the cache has it now, the changes since the last look
   * applied; when not, they are being built, and the caller reads SQLite meanwhile.
   */
  ready(): boolean {
    return this.#fresh();
  }

  /** Resolves once the columns are built and fresh (the build started if it had not). */
  async built(): Promise<void> {
    while (!this.#fresh()) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Of the ids among `rowids` (ascending, as the text index answers them) that every filter holds:
   * how many, and those at `offset` to `offset + limit` in the sort's order. Only right after
   * `ready()` answered true.
   */
  select(rowids: readonly number[], filters: MemoryFilters, order: MemoryOrder, offset: number, limit: number): { total: number; pageIds: number[] } {
    const statuses = filters.statusIds && new Set(filters.statusIds);
    const city = filters.city === undefined ? 0 : (this.#codes.get(noCase(filters.city)) ?? -1);
    const state = filters.state === undefined ? 0 : (this.#codes.get(noCase(filters.state)) ?? -1);
    // A place no cached order has: nothing matches.
    if (city < 0 || state < 0) return { total: 0, pageIds: [] };
    const ids: number[] = [];
    const schedules: number[] = [];
    // Read into locals: the loop below runs once per match of the text index (14,000 at a million orders).
    const [sorted, count, live, status, cities, states, schedule] = [this.#ids, this.#count, this.#live, this.#status, this.#city, this.#state, this.#schedule];
    const holds = (statusOf: number, cityOf: number, stateOf: number) =>
      (!statuses || statuses.has(statusOf)) && (city === 0 || cityOf === city) && (state === 0 || stateOf === state);
    let from = 0;
    let previous = Number.NEGATIVE_INFINITY;
    for (const id of rowids) {
      // Ascending: each is looked for from the last one found on.
      if (id < previous) from = 0;
      previous = id;
      const index = findFrom(sorted, count, id, from);
      if (index >= 0) {
        from = index + 1;
        if (live[index] === 1 && holds(status[index] as number, cities[index] as number, states[index] as number)) {
          ids.push(id);
          schedules.push(schedule[index] as number);
        }
      } else {
        const row = this.#extra.get(id);
        if (row && holds(row.status, row.city, row.state)) {
          ids.push(id);
          schedules.push(row.schedule);
        }
      }
    }
    const ascending = (a: number, b: number) =>
      (order.sort === 'schedule' ? scheduleOrder(schedules[a] as number, schedules[b] as number) : 0) || (ids[a] as number) - (ids[b] as number);
    const before = order.descending ? (a: number, b: number) => ascending(b, a) : ascending;
    const first = firstInOrder(ids.length, offset + limit, before);
    return { total: ids.length, pageIds: first.slice(offset).map((index) => ids[index] as number) };
  }

  /** Whether the columns hold every order as the cache has it now; starts building them when not. */
  #fresh(): boolean {
    if (this.#building) return false;
    if (this.#seq === undefined) {
      this.#build();
      return false;
    }
    const changes = this.db.prepare('SELECT seq, id FROM filter_changes WHERE seq > ? ORDER BY seq LIMIT ?').all(this.#seq, MAX_CHANGES + 1) as { seq: number; id: number | null }[];
    if (changes.length === 0) return true;
    // Rows pruned before they were read, a bulk load's end (no id), or too many: read whole again.
    if ((changes[0] as { seq: number }).seq !== this.#seq + 1 || changes.length > MAX_CHANGES || changes.some((change) => change.id === null)) {
      this.#build();
      return false;
    }
    this.#apply(new Set(changes.map((change) => change.id as number)));
    this.#seq = (changes.at(-1) as { seq: number }).seq;
    return true;
  }

  /** Reads every order again, in turns; the changes made meanwhile are applied at the end. */
  #build(): void {
    this.#building = true;
    this.#seq = undefined;
    const startSeq = (this.db.prepare('SELECT max(seq) FROM filter_changes').pluck().get() as number | null) ?? 0;
    const capacity = (this.db.prepare('SELECT count(*) FROM work_orders').pluck().get() as number) + 1_024;
    this.#count = 0;
    this.#allocate(capacity);
    this.#extra.clear();
    this.#codes.clear();
    let after = Number.NEGATIVE_INFINITY;
    const turn = () => {
      if (!this.db.open) {
        this.#building = false;
        return;
      }
      try {
        const rows = this.db.prepare(ROWS_SQL).raw().all(after, this.#buildRows) as [number, number | null, string | null, string | null, number | null][];
        for (const [id, status, city, state, schedule] of rows) this.#append(id, this.#row(status, city, state, schedule));
        if (rows.length === this.#buildRows) {
          after = (rows.at(-1) as [number, ...unknown[]])[0];
          this.#defer(turn);
          return;
        }
        this.#building = false;
        this.#seq = startSeq;
      } catch {
        // The cache closed or changed under the build: the next use starts again.
        this.#building = false;
      }
    };
    this.#defer(turn);
  }

  /** Reads these orders again: changed, added or removed. */
  #apply(ids: ReadonlySet<number>): void {
    const read = this.db.prepare(ROW_SQL).raw();
    for (const id of ids) {
      const found = read.get(id) as [number | null, string | null, string | null, number | null] | undefined;
      const index = this.#find(id);
      if (!found) {
        if (index >= 0) this.#live[index] = 0;
        else this.#extra.delete(id);
        continue;
      }
      const row = this.#row(...found);
      if (index >= 0) this.#set(index, row);
      else if (this.#count === 0 || id > (this.#ids[this.#count - 1] as number)) this.#append(id, row);
      else this.#extra.set(id, row);
    }
  }

  #row(status: number | null, city: string | null, state: string | null, schedule: number | null): Row {
    return { status: status ?? Number.NaN, city: this.#code(city), state: this.#code(state), schedule: schedule ?? Number.NaN };
  }

  #code(value: string | null): number {
    if (value === null) return 0;
    const key = noCase(value);
    let code = this.#codes.get(key);
    if (code === undefined) {
      code = this.#codes.size + 1;
      this.#codes.set(key, code);
    }
    return code;
  }

  #set(index: number, row: Row): void {
    this.#live[index] = 1;
    this.#status[index] = row.status;
    this.#city[index] = row.city;
    this.#state[index] = row.state;
    this.#schedule[index] = row.schedule;
  }

  #append(id: number, row: Row): void {
    if (this.#count === this.#ids.length) this.#allocate(Math.ceil(this.#ids.length * 1.5) + 1_024);
    this.#ids[this.#count] = id;
    this.#set(this.#count, row);
    this.#count += 1;
  }

  #allocate(capacity: number): void {
    const grow = <Array extends Float64Array | Uint8Array | Uint32Array>(from: Array, make: (length: number) => Array): Array => {
      const to = make(capacity);
      to.set(from.subarray(0, Math.min(this.#count, capacity)));
      return to;
    };
    this.#ids = grow(this.#ids, (length) => new Float64Array(length));
    this.#live = grow(this.#live, (length) => new Uint8Array(length));
    this.#status = grow(this.#status, (length) => new Float64Array(length));
    this.#city = grow(this.#city, (length) => new Uint32Array(length));
    this.#state = grow(this.#state, (length) => new Uint32Array(length));
    this.#schedule = grow(this.#schedule, (length) => new Float64Array(length));
  }

  /** The index of `id` in the sorted ids; -1 when absent. */
  #find(id: number): number {
    return findFrom(this.#ids, this.#count, id, 0);
  }
}

/**
 * A city or state as their columns compare them (`COLLATE NOCASE`, migration 0001): SQLite folds
 * the 26 ASCII capitals only, so "DENVER" is "Denver" but "ÉVRY" is not "évry".
 */
const noCase = (value: string): string => value.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase());

/** SQLite's ascending order of the schedule: none first. */
function scheduleOrder(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a - b;
}
