import type { Statement } from 'better-sqlite3';
import type { CacheDatabase } from './database';

const totalChanges = new WeakMap<CacheDatabase, Statement>();

/**
 * Names the cache's state for memos: it changes with every write on this connection
 * (`total_changes()`) and every commit of another (`data_version`), and stays put otherwise.
 */
export function changeKey(db: CacheDatabase): string {
  let statement = totalChanges.get(db);
  if (!statement) {
    statement = db.prepare('SELECT total_changes()').pluck();
    totalChanges.set(db, statement);
  }
  return `${statement.get() as number}:${db.pragma('data_version', { simple: true }) as number}`;
}
