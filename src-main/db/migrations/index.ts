import type Database from 'better-sqlite3';
import { migration0001 } from './0001-initial';
import { migration0002 } from './0002-work-order-search';
import { migration0003 } from './0003-work-order-pull-state';

export interface Migration {
  version: number;
  name: string;
  up: string;
}

/** In order. A new migration is a new file and one line here, never an edit of a shipped one. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003];

/** Brings a cache to the latest version, each migration in its own transaction. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.up);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
