import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type Migration, type MigrationProgress, runMigrations, runMigrationsInTurns } from '../../../src-main/platform/sqlite-migrations';

// A migration that rewrites every row (`fill`) runs in batches when the app opens a cache: the event
// loop turns between them and the progress is said; the result is the one a single pass makes.

const ROWS = 1_050;
const base: Migration = { version: 1, name: 'orders', up: 'CREATE TABLE orders (id INTEGER PRIMARY KEY, title TEXT NOT NULL)' };
const copy = (batch = "INSERT INTO copies (id, shout) SELECT id, upper(title) FROM orders WHERE id > @after AND id <= @upto"): Migration => ({
  version: 2,
  name: 'copies',
  up: 'CREATE TABLE copies (id INTEGER PRIMARY KEY, shout TEXT NOT NULL)',
  fill: {
    label: 'Copying the orders',
    total: 'SELECT COUNT(*) FROM orders',
    next: 'SELECT max(id) FROM (SELECT id FROM orders WHERE id > @after ORDER BY id LIMIT @limit)',
    batch,
  },
});

function cacheAtVersion1(): Database.Database {
  const db = new Database(':memory:');
  runMigrations(db, [base]);
  const insert = db.prepare('INSERT INTO orders (id, title) VALUES (?, ?)');
  // Negative ids too: an order created offline has a temporary one.
  for (let row = 0; row < ROWS; row += 1) insert.run(row - 50, `order ${row}`);
  return db;
}

const copies = (db: Database.Database) => db.prepare('SELECT id, shout FROM copies ORDER BY id').all();

describe('migrations in turns', () => {
  it('fill in batches, saying how far they are, with the event loop turning between batches, as one pass fills', async () => {
    const inTurns = cacheAtVersion1();
    const progress: MigrationProgress[] = [];
    // Other work waiting on the event loop: it gets its turns while the batches run.
    let turns = 0;
    const otherWork = () =>
      setImmediate(() => {
        turns += 1;
        if (progress.length < 7) otherWork();
      });
    otherWork();
    expect(await runMigrationsInTurns(inTurns, [base, copy()], (step) => progress.push(step), { batchRows: 200 })).toBe(2);
    expect(progress.map((step) => step.done)).toEqual([0, 200, 400, 600, 800, 1_000, 1_050]);
    expect(progress.every((step) => step.label === 'Copying the orders' && step.total === ROWS)).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(5);

    const onePass = cacheAtVersion1();
    runMigrations(onePass, [base, copy()]);
    expect(copies(inTurns)).toHaveLength(ROWS);
    expect(copies(inTurns)).toEqual(copies(onePass));
  });

  it('undo the whole migration when a batch fails halfway: the next opening runs it again', async () => {
    const db = cacheAtVersion1();
    // The 600th row cannot be written (a NOT NULL column left empty).
    const failing = copy("INSERT INTO copies (id, shout) SELECT id, CASE WHEN id = 550 THEN NULL ELSE upper(title) END FROM orders WHERE id > @after AND id <= @upto");
    await expect(runMigrationsInTurns(db, [base, failing], () => undefined, { batchRows: 200 })).rejects.toThrow(/NOT NULL/);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'copies'").pluck().get()).toBe(0);
    expect(db.inTransaction).toBe(false);
    expect(await runMigrationsInTurns(db, [base, copy()], () => undefined, { batchRows: 200 })).toBe(2);
    expect(copies(db)).toHaveLength(ROWS);
  });

  it('stop between batches when interrupted (the app quitting), the migration undone', async () => {
    const db = cacheAtVersion1();
    let batches = 0;
    const interrupt = () => {
      if ((batches += 1) === 3) throw new Error('closing');
    };
    await expect(runMigrationsInTurns(db, [base, copy()], () => undefined, { batchRows: 200, interrupt })).rejects.toThrow('closing');
    expect(batches).toBe(3);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'copies'").pluck().get()).toBe(0);
  });
});
