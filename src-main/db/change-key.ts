import type { Statement } from 'better-sqlite3';
import type { CacheDatabase } from './database';
import { perDatabase } from './per-database';

const totalChanges = perDatabase((db): Statement => db.prepare('SELECT total_changes()').pluck());

/**
 * Names the cache's state for memos: it changes with every write on this connection
 * (`total_changes()`) and every commit of another (`data_version`), and stays put otherwise.
 */
export function changeKey(db: CacheDatabase): string {
  return `${totalChanges(db).get() as number}:${db.pragma('data_version', { simple: true }) as number}`;
}
