import type Database from 'better-sqlite3';
import { MIGRATIONS, migrate } from '../../../../src-main/db/migrations/index';

/** Brings a cache to `version` exactly, as a cache made by that release would be. */
export const migrateTo = (db: Database.Database, version: number): number => migrate(db, MIGRATIONS.filter((migration) => migration.version <= version));
