import type Database from 'better-sqlite3';

/**
 * Building an index once over loaded rows costs far less than keeping it up to date row by row
 * (`npm run bench -- bulk-load` prints both), so a bulk load drops the table's secondary indexes
 * first and builds them again at the end. Their definitions wait in `deferred_indexes`, in the same
 * transaction as the drop, so no crash can lose one.
 */
export function deferIndexes(db: Database.Database, table: string): void {
  db.transaction(() => {
    const indexes = db
      .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .all(table) as { name: string; sql: string }[];
    const keep = db.prepare('INSERT INTO deferred_indexes (name, sql) VALUES (?, ?)');
    for (const { name, sql } of indexes) {
      keep.run(name, sql);
      db.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
    }
  })();
}

/** Builds every deferred index again; answers how many. Safe to call when none waits. */
export function restoreIndexes(db: Database.Database): number {
  return db.transaction(() => {
    const indexes = db.prepare('SELECT name, sql FROM deferred_indexes').all() as { name: string; sql: string }[];
    for (const { sql } of indexes) db.exec(sql);
    db.prepare('DELETE FROM deferred_indexes').run();
    return indexes.length;
  })();
}
