import type Database from 'better-sqlite3';
import { type Migration, runMigrations } from '../../../platform/sqlite-migrations';
import { migration0001 } from './0001-initial';
import { migration0002 } from './0002-work-order-sort-indexes';
import { migration0003 } from './0003-async-workers';
import { migration0004 } from './0004-provider-side';
import { migration0005 } from './0005-attachments';
import { migration0006 } from './0006-buyer-records';
import { migration0007 } from './0007-webhooks';
import { migration0008 } from './0008-token-chains';
import { migration0009 } from './0009-work-order-tags';
import { migration0010 } from './0010-dispatch';
import { migration0011 } from './0011-provider-geo';

export type { Migration };

/** In order. A new migration is a new file and one line here, never an edit of a shipped one. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009, migration0010, migration0011];

/** Brings a database to the latest version. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  return runMigrations(db, migrations);
}
