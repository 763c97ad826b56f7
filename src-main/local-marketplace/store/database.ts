import Database from 'better-sqlite3';
import { migrate } from './migrations/index';

export type MarketplaceDatabase = Database.Database;

/** Opens (or creates) the marketplace's database: a file that survives restarts, or `:memory:`. */
export function openDatabase(file: string): MarketplaceDatabase {
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
