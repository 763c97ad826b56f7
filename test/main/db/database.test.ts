import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import { MIGRATIONS } from '../../../src-main/db/migrations/index';
import { temporaryDir } from '../../support/temporary-dir';

describe('openCache', () => {
  it('opens a file in WAL mode with foreign keys, migrated, and reopens it unchanged', () => {
    // A folder that does not exist yet: the cache makes it.
    const file = join(temporaryDir(), 'cache', 'sandbox.db');
    const db = openCache(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    db.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (1, 0, 0)').run();
    db.close();
    const again = openCache(file);
    expect(again.prepare('SELECT COUNT(*) FROM work_orders').pluck().get()).toBe(1);
    again.close();
  });
});
