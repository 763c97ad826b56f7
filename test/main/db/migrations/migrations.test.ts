import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../../src-main/db/migrations/index';

const tables = (db: Database.Database) => (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index') ORDER BY name").all() as { name: string }[]).map((row) => row.name);

describe('cache migrations', () => {
  it('are numbered 1, 2, … without gaps', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_migration, index) => index + 1));
  });

  it('run again, change nothing', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toBe(MIGRATIONS.length);
    const before = tables(db);
    expect(migrate(db)).toBe(MIGRATIONS.length);
    expect(tables(db)).toEqual(before);
  });
});
