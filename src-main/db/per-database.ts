import type { CacheDatabase } from './database';

/**
 * What is prepared once per cache (statements, repositories of prepared statements), made on first
 * use and dropped with the database: a workspace keeps its database open until the environment
 * changes, and a closed one is garbage, with its entry.
 */
export function perDatabase<T>(make: (db: CacheDatabase) => T): (db: CacheDatabase) => T {
  const made = new WeakMap<CacheDatabase, T>();
  return (db) => {
    let found = made.get(db);
    if (found === undefined) {
      found = make(db);
      made.set(db, found);
    }
    return found;
  };
}
