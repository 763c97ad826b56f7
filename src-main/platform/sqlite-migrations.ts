import type Database from 'better-sqlite3';

/** A numbered schema change. A new migration is a new file, never an edit of a shipped one. */
export interface Migration {
  version: number;
  name: string;
  up: string;
}

/**
 * Brings a database to the latest version of `migrations` (in order), each migration in its own
 * transaction, tracked by `user_version`. Shared by the app's cache and the local marketplace.
 */
export function runMigrations(db: Database.Database, migrations: readonly Migration[]): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.up);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
