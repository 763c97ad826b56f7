import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { ensurePrivateDatabaseFile, ensurePrivateDir } from '../platform/private-files';
import { restoreIndexes } from './deferred-indexes';
import { type InTurnsOptions, migrate, migrateInTurns, type MigrationProgress } from './migrations/index';

export type CacheDatabase = Database.Database;

/** A reader waits this long for a writer (the sync) before giving up with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;
/** The most of the file mapped: SQLite caps it just under 2 GiB (`SQLITE_MAX_MMAP_SIZE`); a million orders take 1.7 GB. */
const MMAP_BYTES = 2 ** 31;

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
  // Reads map the file instead of copying each page through a read call into SQLite's 16 MB page
  // cache, which a large cache overflows: a search with filters looks up every order the text index
  // matched (14,000 at a million orders), and took 44 ms at p95 in cache-search, 32 mapped. A page
  // cache of 256 MiB did as well, but holds that much of main's own memory; mapped pages are the
  // system's file cache, which it takes back under pressure. Linux counts the ones read in main's
  // RSS: after three searches with filters in every place at a million orders, each read three
  // ways, 1,075 MB against 217 unmapped (timed by hand). An I/O error reading a mapped page
  // stops the process instead of failing the statement; the file is local and private.
  if (file !== ':memory:') db.pragma(`mmap_size = ${MMAP_BYTES}`);
  return db;
}

function ready(db: CacheDatabase): CacheDatabase {
  // A bulk load the app did not live to finish left its indexes waiting.
  restoreIndexes(db);
  return db;
}
