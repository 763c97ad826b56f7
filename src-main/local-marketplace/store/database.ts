import Database, { type Statement } from 'better-sqlite3';
import { ensurePrivateDatabaseFile } from '../../platform/private-files';
import { migrate } from './migrations/index';

export type MarketplaceDatabase = Database.Database;

/** Opens (or creates) the marketplace's database: a file that survives restarts, or `:memory:`. */
export function openDatabase(file: string): MarketplaceDatabase {
  // 0600 before SQLite opens it, so its -wal and -shm are created 0600 too: it holds the demo's credentials.
  if (file !== ':memory:') ensurePrivateDatabaseFile(file);
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}

export function readMeta(db: MarketplaceDatabase, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: MarketplaceDatabase, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}

/** Rows keep JSON in `data`; this reads it back typed by the caller's schema-free trust in its own writes. */
export function parseData<T>(row: { data: string } | undefined): T | undefined {
  return row ? (JSON.parse(row.data) as T) : undefined;
}

/** One value per database, made on first use: prepared statements outlive a request. */
export function perDatabase<Value>(create: (db: MarketplaceDatabase) => Value): (holder: { db: MarketplaceDatabase }) => Value {
  const values = new WeakMap<MarketplaceDatabase, Value>();
  return ({ db }) => {
    let value = values.get(db);
    if (value === undefined) {
      value = create(db);
      values.set(db, value);
    }
    return value;
  };
}

/** Statements by SQL text; the set of texts is finite, but bounded anyway. */
const statementCache = perDatabase(() => new Map<string, Statement>());
const STATEMENT_CACHE_LIMIT = 500;

/** A statement prepared once per database: preparing costs more than running a simple query. */
export function preparedStatement(holder: { db: MarketplaceDatabase }, sql: string): Statement {
  const cache = statementCache(holder);
  let prepared = cache.get(sql);
  if (!prepared) {
    if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
    prepared = holder.db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}
