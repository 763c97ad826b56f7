import Database from 'better-sqlite3';
import { cacheFilePath } from '../../../../src-main/environments/environment-manager';

export interface OutboxRow {
  id: string;
  kind: string;
  input: unknown;
  workOrderId: number | null;
  /** What enqueueing worked out (a create's temporary id); waiting entries only. */
  context?: Record<string, unknown>;
  state?: string;
}

/** What a killed app left in its cache: whether the file is sound, and its outbox tables. */
export interface CacheState {
  integrity: string;
  /** Entries not yet applied, oldest first. */
  entries: OutboxRow[];
  /** Applied (or discarded) entries. */
  history: (OutboxRow & { outcome: string })[];
  /** Temporary id → the marketplace's. */
  idMap: Map<number, number>;
  /** What the coordinator sees: rows still under a temporary id, orders marked pending, bases kept, and the workload's order titles by id. */
  shown: { temporaryRows: number; pendingOrders: number; bases: number; titles: Map<number, string> };
}

interface Row {
  id: string;
  kind: string;
  input: string;
  work_order_id: number | null;
  context?: string | null;
  state?: string;
  outcome?: string;
}

const rowOf = (row: Row) => ({
  id: row.id,
  kind: row.kind,
  input: JSON.parse(row.input) as unknown,
  workOrderId: row.work_order_id,
  context: row.context ? (JSON.parse(row.context) as Record<string, unknown>) : undefined,
  state: row.state,
  outcome: row.outcome,
});

/**
 * Reads the cache of a killed app, read-only: the write-ahead log it left is read as the app would
 * find it at its next launch, and nothing here checkpoints or changes it before that launch.
 */
export function readCacheState(dataDir: string): CacheState {
  const db = new Database(cacheFilePath(dataDir, 'local'), { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
    const entries = (db.prepare('SELECT id, kind, input, work_order_id, context, state FROM outbox_entries ORDER BY seq').all() as Row[]).map(rowOf);
    const history = (db.prepare('SELECT id, kind, input, work_order_id, outcome FROM outbox_history ORDER BY seq').all() as Row[]).map((row) => ({ ...rowOf(row), outcome: row.outcome ?? '' }));
    const idMap = new Map((db.prepare('SELECT temp, real FROM outbox_ids').all() as { temp: number; real: number }[]).map((row) => [row.temp, row.real]));
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    const shown = {
      temporaryRows: ['work_orders', 'saved_locations', 'expenses', 'attachments'].reduce((sum, table) => sum + count(`SELECT COUNT(*) FROM ${table} WHERE id < 0`), 0),
      pendingOrders: count('SELECT COUNT(*) FROM work_orders WHERE pending = 1'),
      bases: count('SELECT COUNT(*) FROM outbox_bases'),
      titles: new Map((db.prepare(`SELECT id, title FROM work_orders WHERE title LIKE 'ck-%'`).all() as { id: number; title: string }[]).map((row) => [row.id, row.title])),
    };
    return { integrity, entries, history, idMap, shown };
  } finally {
    db.close();
  }
}
