import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDatabaseFile, ensurePrivateDir } from '../platform/private-files';
import { restoreIndexes } from './deferred-indexes';
import { type InTurnsOptions, migrate, migrateInTurns, type MigrationProgress } from './migrations/index';

export type CacheDatabase = Database.Database;

/** A reader waits this long for a writer (the sync) before giving up with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (or creates, with its folder) the offline cache of one environment, migrated to the latest version. Callers
 * pass a file per environment so sandbox data never mixes with production data; `:memory:` is for
 * tests. The folder and the files are private (0700/0600): they hold the company's work orders.
 */
export function openCache(file: string): CacheDatabase {
  const db = connect(file);
  migrate(db);
  return ready(db);
}

/**
 * `openCache` for the app: a migration rewriting every order (a rebuilt search index, 30 s at a
 * million orders) runs in batches, the event loop turning between them, and says how far it is.
 */
export async function openCacheInTurns(file: string, onProgress: (progress: MigrationProgress) => void, options: InTurnsOptions = {}): Promise<CacheDatabase> {
  const db = connect(file);
  try {
    await migrateInTurns(db, onProgress, options);
  } catch (error) {
    db.close();
    throw error;
  }
  return ready(db);
}

function connect(file: string): CacheDatabase {
  if (file !== ':memory:') {
    ensurePrivateDir(dirname(file));
    ensurePrivateDatabaseFile(file);
  }
  const db = new Database(file);
  // WAL lets the renderer's reads run while a background pull writes.
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // With WAL, NORMAL cannot corrupt the file; a power cut loses at most the last commits, which the
  // next pull fetches again.
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

function ready(db: CacheDatabase): CacheDatabase {
  // A bulk load the app did not live to finish left its indexes waiting.
  restoreIndexes(db);
  return db;
}
