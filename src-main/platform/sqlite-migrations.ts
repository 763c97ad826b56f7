import type Database from 'better-sqlite3';

/** A numbered schema change. A new migration is a new file, never an edit of a shipped one. */
export interface Migration {
  version: number;
  name: string;
  up: string;
  /** Rows to write after `up`, a batch at a time: a migration that rewrites every row of a large table. */
  fill?: MigrationFill;
}

/**
 * Writes done in batches of rows in key order, so that opening a large cache can say how far it is
 * (a million orders' search index took 30 s at once) and the app stays responsive meanwhile.
 */
export interface MigrationFill {
  /** What the coordinator is told runs: "Rebuilding the search index". */
  label: string;
  /** One number: how many rows there are to go through. */
  total: string;
  /** The key of the last of the next `@limit` rows after `@after`, or NULL when none is left. */
  next: string;
  /** Writes the rows whose key is after `@after`, up to `@upto`. */
  batch: string;
}

/** How far opening a database has come: a fill's rows done, of all. */
export interface MigrationProgress {
  label: string;
  done: number;
  total: number;
}

/** Keys may be negative (an order created offline has a temporary id): the fill starts below them all. */
const FIRST_KEY = Number.MIN_SAFE_INTEGER;
/** Rows a fill writes between two turns of the event loop: about 60 ms of the search index's rebuild. */
export const FILL_BATCH_ROWS = 2_000;

function pending(db: Database.Database, migrations: readonly Migration[]): Migration[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  return migrations.filter((migration) => migration.version > current);
}

/**
 * Brings a database to the latest version of `migrations` (in order), each migration in its own
 * transaction, tracked by `user_version`. Shared by the app's cache and the local marketplace.
 */
export function runMigrations(db: Database.Database, migrations: readonly Migration[]): number {
  for (const migration of pending(db, migrations)) {
    db.transaction(() => {
      db.exec(migration.up);
      if (migration.fill) db.prepare(migration.fill.batch).run({ after: FIRST_KEY, upto: Number.MAX_SAFE_INTEGER });
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

export interface InTurnsOptions {
  batchRows?: number;
  /** Called between batches; what it throws stops the migration, undone (the app quitting mid-way). */
  interrupt?: () => void;
}

/**
 * `runMigrations`, letting the event loop turn between a fill's batches and saying how far it is.
 * Each migration is still one transaction: stopped halfway (the app killed), it is all undone and
 * runs again at the next opening. Nothing else may use `db` until this resolves.
 */
export async function runMigrationsInTurns(
  db: Database.Database,
  migrations: readonly Migration[],
  onProgress: (progress: MigrationProgress) => void,
  { batchRows = FILL_BATCH_ROWS, interrupt }: InTurnsOptions = {},
): Promise<number> {
  for (const migration of pending(db, migrations)) {
    const { fill } = migration;
    if (!fill) {
      runMigrations(db, [migration]);
      continue;
    }
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(migration.up);
      const total = db.prepare(fill.total).pluck().get() as number;
      const next = db.prepare(fill.next).pluck();
      const batch = db.prepare(fill.batch);
      let done = 0;
      onProgress({ label: fill.label, done, total });
      for (let after = FIRST_KEY; ; ) {
        const upto = next.get({ after, limit: batchRows }) as number | null;
        if (upto === null) break;
        batch.run({ after, upto });
        done = Math.min(total, done + batchRows);
        after = upto;
        onProgress({ label: fill.label, done, total });
        await new Promise((resolve) => setImmediate(resolve));
        interrupt?.();
      }
      db.pragma(`user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
  return db.pragma('user_version', { simple: true }) as number;
}
