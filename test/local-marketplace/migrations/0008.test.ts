import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../../../src-main/local-marketplace/store/migrations/index';

// Migration 0008: refresh chains and refresh lifetimes on the tokens table.

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

function databaseAt(version: number): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
  return db;
}

function withUserAndClient(db: Database.Database): void {
  db.exec(`
    INSERT INTO companies (id, name) VALUES (1, 'A');
    INSERT INTO users (id, company_id, role, username, first_name, last_name) VALUES (10, 1, 'manager', 'm@a.example', 'M', 'A');
    INSERT INTO api_clients (client_id, client_secret, company_id) VALUES ('c', 's', 1);
  `);
}

describe('migration 0008: token chains', () => {
  it('gives pairs issued before it a chain of their own and 30 days of refresh after their access expiry', () => {
    const db = databaseAt(7);
    withUserAndClient(db);
    db.exec(`INSERT INTO tokens (access_token, refresh_token, client_id, user_id, expires_at) VALUES ('a1', 'r1', 'c', 10, 5000), ('a2', 'r2', 'c', 10, 7000)`);
    migrate(db, MIGRATIONS.filter((migration) => migration.version <= 8));
    expect(db.pragma('user_version', { simple: true })).toBe(8);
    expect(db.prepare('SELECT access_token, chain_id, refresh_expires_at, refresh_revoked FROM tokens ORDER BY access_token').all()).toEqual([
      { access_token: 'a1', chain_id: 'a1', refresh_expires_at: 5000 + THIRTY_DAYS_MS, refresh_revoked: 0 },
      { access_token: 'a2', chain_id: 'a2', refresh_expires_at: 7000 + THIRTY_DAYS_MS, refresh_revoked: 0 },
    ]);
  });

  it('indexes chains and refresh expiry, which every refresh and every sign-in look up', () => {
    const db = databaseAt(8);
    const indexes = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tokens'").all() as { name: string }[]).map((row) => row.name);
    expect(indexes).toEqual(expect.arrayContaining(['tokens_chain', 'tokens_refresh_expires']));
  });

  it('still removes a user’s tokens with the user', () => {
    const db = databaseAt(8);
    withUserAndClient(db);
    db.exec(`INSERT INTO tokens (access_token, refresh_token, client_id, user_id, expires_at, chain_id, refresh_expires_at) VALUES ('a', 'r', 'c', 10, 1, 'chain', 2)`);
    db.exec('DELETE FROM users WHERE id = 10');
    expect(db.prepare('SELECT COUNT(*) AS count FROM tokens').get()).toEqual({ count: 0 });
  });
});
