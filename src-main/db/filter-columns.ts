import type { CacheDatabase } from './database';
import { findFrom, firstInOrder, statusTable } from './ordered-arrays';
import { scheduleOrder } from './sqlite-order';
import { TextCodes } from './text-codes';

/**
 * The columns kept, in this order in each row, and how each compares: a text column's values are
 * numbered as it compares them (`noCase`), the others are kept as numbers, NaN for SQL's NULL
 * (which nothing equals, and which sorts first).
 */
const COLUMNS = [
  { name: 'status', sql: 'status_id', text: false },
  { name: 'schedule', sql: 'schedule_start', text: false },
  { name: 'city', sql: 'city', text: true },
  { name: 'state', sql: 'state', text: true },
  { name: 'country', sql: 'country', text: true },
  { name: 'client', sql: 'client_id', text: false },
  { name: 'project', sql: 'project_id', text: false },
  { name: 'manager', sql: 'manager_id', text: false },
  { name: 'typeOfWork', sql: 'type_of_work_id', text: false },
] as const;
type ColumnName = (typeof COLUMNS)[number]['name'];
const STATUS = 0;
const SCHEDULE = 1;
const CITY = 2;
const STATE = 3;

/** The columns a filter asks to equal a value: text as its column compares it, ids exactly. */
export type EqualColumn = Exclude<ColumnName, 'status' | 'schedule'>;
/** The columns compared as text (`noCase`): a filter asks them with text, the others with a number. */
export const TEXT_COLUMNS: readonly EqualColumn[] = COLUMNS.filter((column) => column.text).map((column) => column.name as EqualColumn);

/** What a search's filters ask of each match, when that is all they ask (`memoryFilters` in work-order-query.ts). */
export interface MemoryFilters {
  /** The list's statuses, or the ones asked; absent: any. */
  statusIds?: readonly number[];
  /** A text for the text columns (`TEXT_COLUMNS`), a number for the others. */
  equal?: Partial<Record<EqualColumn, string | number>>;
}

/** The sorts these columns answer. */
export type MemorySort = 'schedule' | 'id';

export interface MemoryOrder {
  sort: MemorySort;
  descending: boolean;
}

/** An order's values, in `COLUMNS`' order. */
type Row = number[];

/** Orders read per turn of the event loop while the columns are built: 50,000 took 35 ms at a million orders (timed by hand). */
const BUILD_ROWS = 25_000;
/** More changes than this since the last look, and the columns are read whole again instead. */
const MAX_CHANGES = 2_048;

/** What a bulk load's end runs (deferred-indexes.ts): its writes were not followed, so every order may have changed. */
export const FILTER_COLUMNS_RESET_SQL = 'INSERT INTO filter_changes (id) VALUES (NULL);';
/**
 * Every order the text index matches, in its own order (ascending rowids, the orders' ids), as one
 * JSON array: SQLite makes it faster than the driver makes a row per match (28,000: 13.5 → 12 ms).
 */
export const MATCH_ROWIDS_SQL = 'SELECT json_group_array(rowid) FROM work_orders_search WHERE work_orders_search MATCH @search';
const SELECTED = COLUMNS.map((column) => column.sql).join(', ');
const ROWS_SQL = `SELECT id, ${SELECTED} FROM work_orders WHERE id > ? ORDER BY id LIMIT ?`;
const ROW_SQL = `SELECT ${SELECTED} FROM work_orders WHERE id = ?`;

/**
 * The columns a search's filters read (`COLUMNS`: status, schedule, place, client, project,
 * manager, type of work), for every cached order, in memory: a search with filters tests each
 * order the text index matched, and SQLite's lookup of each (14,000 for "repair" in Denver at a
 * million orders) cost 1–2 µs, 44 ms at p95 in all; here, 3 ms for them all (timed by hand).
 * About 69 bytes an order (69 MB at a million).
 *
 * Built in the background, a turn of the event loop per `BUILD_ROWS` orders (1.5–1.7 s in all at a
 * million, `cache-search` prints it), after the first search that could use them; until then, and while they are read whole
 * again, `ready()` answers false and the caller asks SQLite. Kept fresh from `filter_changes`
 * (migration 0030), read at each use: the orders it names are read again.
 */
export class FilterColumns {
  #ids = new Float64Array(0);
  #live = new Uint8Array(0);
  /** One array per column of `COLUMNS`, in its order. */
  #columns: (Float64Array | Uint32Array)[] = COLUMNS.map((column) => (column.text ? new Uint32Array(0) : new Float64Array(0)));
  #count = 0;
  /** Orders added after the build whose ids are lower than the last one (offline drafts, renames). */
  readonly #extra = new Map<number, Row>();
  /** Each text of the text columns as a number (text-codes.ts). */
  readonly #texts = new TextCodes();
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

  /** Resolves once the columns are built and fresh (the build started if it had not). */
  async built(): Promise<void> {
    while (!this.ready()) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Of the ids among `rowids` (ascending, as the text index answers them) that every filter holds:
   * how many, and those at `offset` to `offset + limit` in the sort's order. Only right after
   * `ready()` answered true.
   */
  select(rowids: ArrayLike<number>, filters: MemoryFilters, order: MemoryOrder, offset: number, limit: number): { total: number; pageIds: number[] } {
    const statuses = filters.statusIds && statusTable(filters.statusIds);
    // Each equality asked, as the column's array and the value its cells must hold.
    const checks: { column: number; cells: Float64Array | Uint32Array; value: number }[] = [];
    for (const [name, asked] of Object.entries(filters.equal ?? {}) as [EqualColumn, string | number | undefined][]) {
      if (asked === undefined) continue;
      const value = typeof asked === 'string' ? this.#texts.find(asked) : asked;
      // A text no cached order has: nothing matches.
      if (value === undefined) return { total: 0, pageIds: [] };
      const column = COLUMNS.findIndex((kept) => kept.name === name);
      checks.push({ column, cells: this.#columns[column] as Float64Array | Uint32Array, value });
    }
    // At most one entry per match: made once at that size, never grown.
    const ids = new Float64Array(rowids.length);
    const schedules = new Float64Array(rowids.length);
    let found = 0;
    // Read into locals: the loop below runs once per match of the text index (14,000 at a million orders).
    const [sorted, count, live, status, schedule] = [this.#ids, this.#count, this.#live, this.#columns[STATUS] as Float64Array, this.#columns[SCHEDULE] as Float64Array];
    // The place, asked most, read directly; the other equalities in a loop.
    const [city, state] = [checks.find((check) => check.column === CITY), checks.find((check) => check.column === STATE)];
    const [cityCells, cityValue, stateCells, stateValue] = [this.#columns[CITY] as Uint32Array, city?.value ?? 0, this.#columns[STATE] as Uint32Array, state?.value ?? 0];
    const others = checks.filter((check) => check !== city && check !== state);
    const holdsAt = (index: number) =>
      (!statuses || statuses(status[index] as number)) &&
      (cityValue === 0 || cityCells[index] === cityValue) &&
      (stateValue === 0 || stateCells[index] === stateValue) &&
      (others.length === 0 || others.every(({ cells, value }) => cells[index] === value));
    const holdsRow = (row: Row) => (!statuses || statuses(row[STATUS] as number)) && checks.every(({ column, value }) => row[column] === value);
    let from = 0;
    let previous = Number.NEGATIVE_INFINITY;
    for (let at = 0; at < rowids.length; at += 1) {
      const id = rowids[at] as number;
      // Ascending: each is looked for from the last one found on.
      if (id < previous) from = 0;
      previous = id;
      const index = findFrom(sorted, count, id, from);
      if (index >= 0) {
        from = index + 1;
        if (live[index] === 1 && holdsAt(index)) {
          ids[found] = id;
          schedules[found] = schedule[index] as number;
          found += 1;
        }
      } else {
        const row = this.#extra.get(id);
        if (row && holdsRow(row)) {
          ids[found] = id;
          schedules[found] = row[SCHEDULE] as number;
          found += 1;
        }
      }
    }
    const ascending = (a: number, b: number) =>
      (order.sort === 'schedule' ? scheduleOrder(schedules[a] as number, schedules[b] as number) : 0) || (ids[a] as number) - (ids[b] as number);
    const before = order.descending ? (a: number, b: number) => ascending(b, a) : ascending;
    const first = firstInOrder(found, offset + limit, before);
    return { total: found, pageIds: first.slice(offset).map((index) => ids[index] as number) };
  }

  /**
   * Whether the columns hold every order as the cache has it now, the changes since the last look
   * applied; when not, they are being built (the build started if it had not), and the caller
   * reads SQLite meanwhile.
   */
  ready(): boolean {
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
    this.#texts.clear();
    let after = Number.NEGATIVE_INFINITY;
    const turn = () => {
      if (!this.db.open) {
        this.#building = false;
        return;
      }
      try {
        const rows = this.db.prepare(ROWS_SQL).raw().all(after, this.#buildRows) as [number, ...(number | string | null)[]][];
        for (const values of rows) this.#append(values[0], this.#row(values, 1));
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
      const found = read.get(id) as (number | string | null)[] | undefined;
      const index = this.#find(id);
      if (!found) {
        if (index >= 0) this.#live[index] = 0;
        else this.#extra.delete(id);
        continue;
      }
      const row = this.#row(found);
      if (index >= 0) this.#set(index, row);
      else if (this.#count === 0 || id > (this.#ids[this.#count - 1] as number)) this.#append(id, row);
      else this.#extra.set(id, row);
    }
  }

  /** An order's values as SQLite answered them, in `COLUMNS`' order from `from` on, as the arrays keep them. */
  #row(values: readonly (number | string | null)[], from = 0): Row {
    const row: Row = new Array<number>(COLUMNS.length);
    for (let column = 0; column < COLUMNS.length; column += 1) {
      const value = values[from + column] ?? null;
      row[column] = (COLUMNS[column] as (typeof COLUMNS)[number]).text ? this.#texts.code(value === null ? null : String(value)) : typeof value === 'number' ? value : Number.NaN;
    }
    this.#texts.place(row[CITY] as number, row[STATE] as number);
    return row;
  }

  /** Whether orders of this city were read in more than one state (`TextCodes.inSeveralStates`). */
  inSeveralStates(city: string | number | undefined): boolean {
    return typeof city === 'string' && this.#texts.inSeveralStates(city);
  }

  #set(index: number, row: Row): void {
    this.#live[index] = 1;
    const columns = this.#columns;
    for (let column = 0; column < columns.length; column += 1) (columns[column] as Float64Array | Uint32Array)[index] = row[column] as number;
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
    this.#columns = this.#columns.map((cells) => grow(cells, (length) => (cells instanceof Uint32Array ? new Uint32Array(length) : new Float64Array(length))));
  }

  /** The index of `id` in the sorted ids; -1 when absent. */
  #find(id: number): number {
    return findFrom(this.#ids, this.#count, id, 0);
  }
}
