import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0011: the R*Tree of providers' home bases the provider search reads, filled from the
// providers already there and kept equal to their `data` by triggers.

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

const home = (latitude: number, longitude: number) => JSON.stringify({ coords: { latitude, longitude, exact: false } });

describe('migration 0011: provider homes', () => {
  it('applies on top of 0010, placing the providers that have a home base', () => {
    const db = databaseAt(10);
    const insert = db.prepare(`INSERT INTO users (id, company_id, role, first_name, last_name, data) VALUES (?, NULL, 'provider', 'P', 'R', ?)`);
    insert.run(20, home(41.9464, -87.7042));
    insert.run(21, '{}');
    insert.run(22, '{"coords":{"latitude":"north","longitude":1}}');
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 11));
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    expect(db.prepare('SELECT id, latitude, longitude FROM provider_homes').all()).toEqual([{ id: 20, latitude: 41.9464, longitude: -87.7042 }]);
  });

  it('keeps the tree equal to the users table through inserts, updates and deletes', () => {
    const db = databaseAt(11);
    const insert = db.prepare(`INSERT INTO users (id, company_id, role, first_name, last_name, data) VALUES (?, NULL, 'provider', 'P', 'R', ?)`);
    insert.run(30, home(30.27, -97.74));
    insert.run(31, home(39.74, -104.99));
    db.prepare('UPDATE users SET data = ? WHERE id = 30').run(home(31.76, -106.48));
    db.prepare("UPDATE users SET data = '{}' WHERE id = 31").run();
    expect(db.prepare('SELECT id, latitude, longitude FROM provider_homes').all()).toEqual([{ id: 30, latitude: 31.76, longitude: -106.48 }]);
    db.prepare('DELETE FROM users WHERE id = 30').run();
    expect(db.prepare('SELECT COUNT(*) FROM provider_homes').pluck().get()).toBe(0);
  });

  it('answers a box by the tree, not by a scan', () => {
    const db = databaseAt(11);
    const plan = (db.prepare('EXPLAIN QUERY PLAN SELECT id FROM provider_homes WHERE max_latitude >= 1 AND min_latitude <= 2 AND max_longitude >= 3 AND min_longitude <= 4').all() as { detail: string }[]).map((step) => step.detail).join(' ');
    expect(plan).toMatch(/VIRTUAL TABLE INDEX \d+:[A-Z0-9]+/);
  });
});
