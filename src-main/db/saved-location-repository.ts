import type { Statement } from 'better-sqlite3';
import type { SavedLocation } from '../../src-shared/api/location';
import type { CacheDatabase } from './database';
import { text } from './column-values';

/** Enough for a picker; the whole list is a few hundred at most. */
const SEARCH_LIMIT = 50;

/** `%` and `_` in what the user typed are literal. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The company's saved locations, searched like GET locations' `f_search` (name, address, city, zip). */
export class SavedLocationRepository {
  readonly #upsert: Statement;
  readonly #deleteAll: Statement;
  readonly #search: Statement;
  readonly #get: Statement;
  readonly #delete: Statement;
  readonly #replaceAll: (locations: readonly SavedLocation[], fetchedAt: number) => void;

  constructor(db: CacheDatabase) {
    const columns = ['id', 'name', 'address1', 'city', 'state', 'zip', 'country', 'json', 'fetched_at'];
    this.#upsert = db.prepare(
      `INSERT INTO saved_locations (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})
       ON CONFLICT(id) DO UPDATE SET ${columns.slice(1).map((column) => `${column} = excluded.${column}`).join(', ')}`,
    );
    this.#deleteAll = db.prepare('DELETE FROM saved_locations');
    this.#search = db
      .prepare(
        `SELECT json FROM saved_locations
         WHERE @pattern IS NULL OR name LIKE @pattern ESCAPE '\\' OR address1 LIKE @pattern ESCAPE '\\' OR city LIKE @pattern ESCAPE '\\' OR zip LIKE @pattern ESCAPE '\\'
         ORDER BY name, id LIMIT ${SEARCH_LIMIT}`,
      )
      .pluck();
    this.#get = db.prepare('SELECT json FROM saved_locations WHERE id = ?').pluck();
    this.#delete = db.prepare('DELETE FROM saved_locations WHERE id = ?');
    this.#replaceAll = db.transaction((locations: readonly SavedLocation[], fetchedAt: number) => {
      // The list comes whole: a location deleted on the service must disappear here too.
      this.#deleteAll.run();
      for (const location of locations) this.#put(location, fetchedAt);
    });
  }

  get(id: number): SavedLocation | undefined {
    const json = this.#get.get(id) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as SavedLocation);
  }

  /** The outbox's write: one location as the coordinator should see it. */
  put(location: SavedLocation, fetchedAt: number = Date.now()): void {
    this.#put(location, fetchedAt);
  }

  remove(id: number): void {
    this.#delete.run(id);
  }

  #put(location: SavedLocation, fetchedAt: number): void {
    this.#upsert.run({
      id: location.id,
      name: text(location.name),
      address1: text(location.address1),
      city: text(location.city),
      state: text(location.state),
      zip: text(location.zip),
      country: text(location.country),
      json: JSON.stringify(location),
      fetched_at: fetchedAt,
    });
  }

  replace(locations: readonly SavedLocation[], fetchedAt: number = Date.now()): void {
    this.#replaceAll(locations, fetchedAt);
  }

  /** Locations whose name, address, city or zip contain the text, by name; all of them without one. */
  search(query?: string): SavedLocation[] {
    const search = query?.trim();
    const rows = this.#search.all({ pattern: search ? likePattern(search) : null }) as string[];
    return rows.map((json) => JSON.parse(json) as SavedLocation);
  }
}
