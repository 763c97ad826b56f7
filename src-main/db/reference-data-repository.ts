import type { Statement } from 'better-sqlite3';
import type { CacheDatabase } from './database';

export interface ReferenceEntry {
  key: string;
  value: unknown;
  fetchedAt: number;
}

/**
 * Reference lists (types of work, tags, company expenses, preferred providers…) by kind, each
 * entry under its key. A read names how old an entry may be, so the caller decides when to refetch.
 */
export class ReferenceDataRepository {
  readonly #upsert: Statement;
  readonly #deleteKind: Statement;
  readonly #fresh: Statement;
  readonly #replaceAll: (kind: string, entries: readonly { key: string; value: unknown }[], fetchedAt: number) => void;

  constructor(db: CacheDatabase) {
    this.#upsert = db.prepare(
      'INSERT INTO reference_data (kind, key, json, fetched_at) VALUES (?, ?, ?, ?) ON CONFLICT(kind, key) DO UPDATE SET json = excluded.json, fetched_at = excluded.fetched_at',
    );
    this.#deleteKind = db.prepare('DELETE FROM reference_data WHERE kind = ?');
    this.#fresh = db.prepare('SELECT key, json, fetched_at FROM reference_data WHERE kind = ? AND fetched_at >= ? ORDER BY key');
    this.#replaceAll = db.transaction((kind: string, entries: readonly { key: string; value: unknown }[], fetchedAt: number) => {
      // Reference lists come whole, so an entry the service no longer lists must go.
      this.#deleteKind.run(kind);
      for (const entry of entries) this.#upsert.run(kind, entry.key, JSON.stringify(entry.value), fetchedAt);
    });
  }

  /** Replaces every entry of a kind with a freshly fetched list, in one transaction. */
  replace(kind: string, entries: readonly { key: string; value: unknown }[], fetchedAt: number = Date.now()): void {
    this.#replaceAll(kind, entries, fetchedAt);
  }

  /** The entries of a kind fetched at most `maxAgeMs` ago; older ones are left out, as if absent. */
  get(kind: string, maxAgeMs: number, now: number = Date.now()): ReferenceEntry[] {
    const rows = this.#fresh.all(kind, now - maxAgeMs) as { key: string; json: string; fetched_at: number }[];
    return rows.map((row) => ({ key: row.key, value: JSON.parse(row.json) as unknown, fetchedAt: row.fetched_at }));
  }
}
