import type { CacheDatabase } from '../db/database';
import type { OutboxStore, StoredEntry } from './outbox-store';

/** Where a negative id may already be in use: an id is never given twice in one cache. */
const TEMP_ID_SOURCES = ['SELECT MIN(temp) FROM outbox_ids', 'SELECT MIN(id) FROM work_orders', 'SELECT MIN(id) FROM saved_locations', 'SELECT MIN(id) FROM expenses', 'SELECT MIN(id) FROM attachments'];

/**
 * Records made offline get a temporary negative id until the marketplace answers their create;
 * then the real id is remembered (`outbox_ids`), so later changes that name the temporary one reach
 * the real record, after a restart too.
 */
export class TemporaryIds {
  readonly #real: Map<number, number>;
  #last: number;

  constructor(
    private readonly store: Pick<OutboxStore, 'idMap' | 'mapId'>,
    db: CacheDatabase,
    entries: readonly StoredEntry[],
  ) {
    this.#real = store.idMap();
    const used = TEMP_ID_SOURCES.map((sql) => (db.prepare(sql).pluck().get() as number | null) ?? 0);
    const reserved = entries.map((entry) => (typeof entry.context.tempId === 'number' ? entry.context.tempId : 0));
    this.#last = Math.min(0, ...used, ...reserved);
  }

  /** The real id of a record created offline once known; any other id as it is. */
  map = (id: number): number => (id < 0 ? (this.#real.get(id) ?? id) : id);

  /** A new temporary id, unique for ever in this cache. */
  next(): number {
    this.#last -= 1;
    return this.#last;
  }

  /** The marketplace answered a create: `temp` is `real` from now on (stored in the caller's transaction). */
  resolve(temp: number, real: number): void {
    this.store.mapId(temp, real);
    this.#real.set(temp, real);
  }

  /** Whether an input still names a record whose create has not been answered. */
  namesUnresolved(mapIds: (map: (id: number) => number) => unknown): boolean {
    let unresolved = false;
    mapIds((id) => {
      const mapped = this.map(id);
      if (mapped < 0) unresolved = true;
      return mapped;
    });
    return unresolved;
  }

  /** Whether an input names `id` among its records. */
  static names(mapIds: (map: (id: number) => number) => unknown, id: number): boolean {
    let found = false;
    mapIds((candidate) => {
      if (candidate === id) found = true;
      return candidate;
    });
    return found;
  }
}

/**
 * What changes in the waiting entries once `temp` is `real`: their lanes, the lanes they wait for,
 * their order and the ids in their inputs (`mapInput` maps with the real id known).
 */
export function renamedEntries(entries: readonly StoredEntry[], temp: number, real: number, mapInput: (entry: StoredEntry) => StoredEntry['input']): [StoredEntry, Partial<StoredEntry>][] {
  const changed: [StoredEntry, Partial<StoredEntry>][] = [];
  for (const entry of entries) {
    const lane = renamedLane(entry.lane, temp, real);
    const after = entry.after.map((name) => renamedLane(name, temp, real));
    const workOrderId = entry.workOrderId === temp ? real : entry.workOrderId;
    const input = mapInput(entry);
    if (lane !== entry.lane || workOrderId !== entry.workOrderId || JSON.stringify(input) !== JSON.stringify(entry.input) || after.join() !== entry.after.join()) {
      changed.push([entry, { lane, after, workOrderId, input }]);
    }
  }
  return changed;
}

/** A lane of the record `temp` (`wo:-3`, or a part of it, `wo:-3:messages`) as a lane of `real`. */
export function renamedLane(lane: string, temp: number, real: number): string {
  for (const kind of ['wo', 'loc']) {
    const prefix = `${kind}:${temp}`;
    if (lane === prefix || lane.startsWith(`${prefix}:`)) return `${kind}:${real}${lane.slice(prefix.length)}`;
  }
  return lane;
}

/** The record a lane belongs to: `wo:12` for `wo:12` and `wo:12:messages` alike. */
export const recordOfLane = (lane: string): string => lane.split(':').slice(0, 2).join(':');
