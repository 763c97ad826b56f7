import type Database from 'better-sqlite3';
import type { Statement } from 'better-sqlite3';

/**
 * Building an index once over loaded rows costs far less than keeping it up to date row by row
 * (`npm run bench -- bulk-load` prints both), so a bulk load drops the table's secondary indexes
 * and its triggers first and builds them again at the end (a trigger's bookkeeping is then redone
 * in one statement, given as `afterwards`). Their definitions wait in `deferred_indexes`, in the same
 * transaction as the drop, so no crash can lose one.
 */
export function deferIndexes(db: Database.Database, table: string, afterwards?: string): void {
  db.transaction(() => {
    const parts = db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = ? AND sql IS NOT NULL")
      .all(table) as { type: 'index' | 'trigger'; name: string; sql: string }[];
    const keep = db.prepare('INSERT INTO deferred_indexes (name, sql) VALUES (?, ?)');
    for (const { type, name, sql } of parts) {
      keep.run(name, sql);
      db.exec(`DROP ${type === 'index' ? 'INDEX' : 'TRIGGER'} "${name.replaceAll('"', '""')}"`);
    }
    if (afterwards) keep.run(`${table}:afterwards`, afterwards);
  })();
}

/** Whether a bulk load of `table` has its triggers waiting: what they keep is not kept meanwhile. */
export function hasDeferredTriggers(prepare: (sql: string) => Statement, table: string): boolean {
  return prepare(DEFERRED_SQL).pluck().get(`${table}:afterwards`) === 1;
}

const DEFERRED_SQL = 'SELECT EXISTS (SELECT 1 FROM deferred_indexes WHERE name = ?)';

/** Builds every deferred index and trigger again, then runs what was to follow; answers how many. Safe to call when none waits. */
export function restoreIndexes(db: Database.Database): number {
  return db.transaction(() => {
    const indexes = db.prepare('SELECT name, sql FROM deferred_indexes').all() as { name: string; sql: string }[];
    for (const { sql } of indexes) db.exec(sql);
    db.prepare('DELETE FROM deferred_indexes').run();
    return indexes.length;
  })();
}
