import type { Statement } from 'better-sqlite3';
import { type SavedView, SavedViewQuerySchema } from '../../src-shared/ipc/channels';
import type { CacheDatabase } from './database';

/** The coordinator's named filters of the work order list, in this environment's cache. */
export class SavedViewRepository {
  readonly #all: Statement;
  readonly #upsert: Statement;
  readonly #byName: Statement;
  readonly #delete: Statement;

  constructor(db: CacheDatabase) {
    this.#all = db.prepare('SELECT id, name, query FROM saved_views ORDER BY name');
    this.#upsert = db.prepare('INSERT INTO saved_views (name, query, created_at) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET name = excluded.name, query = excluded.query');
    this.#byName = db.prepare('SELECT id, name, query FROM saved_views WHERE name = ?');
    this.#delete = db.prepare('DELETE FROM saved_views WHERE id = ?');
  }

  list(): SavedView[] {
    return (this.#all.all() as { id: number; name: string; query: string }[]).flatMap((row) => {
      // A view saved by a version with other filters is kept only if it still reads.
      const query = SavedViewQuerySchema.safeParse(JSON.parse(row.query));
      return query.success ? [{ id: row.id, name: row.name, query: query.data }] : [];
    });
  }

  save(name: string, query: SavedView['query']): SavedView {
    this.#upsert.run(name, JSON.stringify(query), Date.now());
    const row = this.#byName.get(name) as { id: number; name: string };
    return { id: row.id, name: row.name, query };
  }

  delete(id: number): boolean {
    return this.#delete.run(id).changes === 1;
  }
}
