import type { Statement } from 'better-sqlite3';
import type { CacheDatabase } from './database';

/** When each directory part (saved locations, clients, talent pools) was last pulled whole. */
export class DirectoryStateRepository {
  readonly #get: Statement;
  readonly #set: Statement;

  constructor(db: CacheDatabase) {
    this.#get = db.prepare('SELECT fetched_at FROM directory_pull_state WHERE part = ?').pluck();
    this.#set = db.prepare('INSERT INTO directory_pull_state (part, fetched_at) VALUES (?, ?) ON CONFLICT(part) DO UPDATE SET fetched_at = excluded.fetched_at');
  }

  /** Epoch ms of the last whole pull of `part`; null before the first. */
  fetchedAt(part: string): number | null {
    return (this.#get.get(part) as number | undefined) ?? null;
  }

  markFetched(part: string, at: number): void {
    this.#set.run(part, at);
  }
}
