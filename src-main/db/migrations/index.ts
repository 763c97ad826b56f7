import type Database from 'better-sqlite3';
import { type InTurnsOptions, type Migration, type MigrationProgress, runMigrations, runMigrationsInTurns } from '../../platform/sqlite-migrations';
import { migration0001 } from './0001-initial';
import { migration0002 } from './0002-work-order-search';
import { migration0003 } from './0003-work-order-pull-state';
import { migration0004 } from './0004-directory-and-parts';
import { migration0005 } from './0005-deferred-indexes';
import { migration0006 } from './0006-outbox';
import { migration0007 } from './0007-workspace-columns';
import { migration0008 } from './0008-saved-location-column';
import { migration0009 } from './0009-work-order-tags';
import { migration0010 } from './0010-insights';
import { migration0011 } from './0011-deliverables-queue';
import { migration0012 } from './0012-insights-period';
import { migration0013 } from './0013-dispatch-board';
import { migration0014 } from './0014-provider-schedules';
import { migration0015 } from './0015-site-coordinates';
import { migration0016 } from './0016-provider-searches';
import { migration0017 } from './0017-active-requests';
import { migration0018 } from './0018-newest-by-manager';
import { migration0019 } from './0019-list-counts';
import { migration0020 } from './0020-work-order-pull-runs';
import { migration0021 } from './0021-problems-by-schedule';
import { migration0022 } from './0022-insights-weeks';
import { migration0023 } from './0023-problems-period';
import { migration0024 } from './0024-outbox-events';
import { migration0025 } from './0025-insights-spans-sample';
import { migration0026 } from './0026-inbox-items';
import { migration0027 } from './0027-triage-version';
import { migration0028 } from './0028-search-short-prefixes';
import { migration0029 } from './0029-triage-changes';
import { migration0030 } from './0030-filter-changes';
import { htmlToText } from '../work-order-columns';

export type { InTurnsOptions, Migration, MigrationProgress };

/** In order. A new migration is a new file and one line here, never an edit of a shipped one. */
export const MIGRATIONS: readonly Migration[] = [migration0001, migration0002, migration0003, migration0004, migration0005, migration0006, migration0007, migration0008, migration0009, migration0010, migration0011, migration0012, migration0013, migration0014, migration0015, migration0016, migration0017, migration0018, migration0019, migration0020, migration0021, migration0022, migration0023, migration0024, migration0025, migration0026, migration0027, migration0028, migration0029, migration0030];

/** What a migration rebuilding the text index needs to index a description as the app writes it (0028). */
function registerFunctions(db: Database.Database): void {
  db.function('html_text', { deterministic: true }, (html: unknown) => htmlToText(typeof html === 'string' ? html : null));
}

/** Brings a cache to the latest version. */
export function migrate(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): number {
  registerFunctions(db);
  return runMigrations(db, migrations);
}

/** The same, a large rewrite in batches with the event loop turning between them, saying how far it is. */
export function migrateInTurns(db: Database.Database, onProgress: (progress: MigrationProgress) => void, options: InTurnsOptions = {}): Promise<number> {
  registerFunctions(db);
  return runMigrationsInTurns(db, MIGRATIONS, onProgress, options);
}
