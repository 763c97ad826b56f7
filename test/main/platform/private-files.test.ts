import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src-main/app/create-app';
import { openCache } from '../../../src-main/db/database';
import { openDatabase } from '../../../src-main/local-marketplace/store/database';
import { writeJsonAtomic } from '../../../src-main/platform/json-file';
import { createLogger, createMemoryLogger } from '../../../src-main/platform/logger';
import { openDataPaths } from '../../../src-main/platform/paths';
import { ensurePrivateDatabaseFile, ensurePrivateFile } from '../../../src-main/platform/private-files';
import { SettingsStore } from '../../../src-main/platform/settings-store';
import { temporaryDir } from '../../support/temporary-dir';

/** The permission bits only: 0o700 for a private folder, 0o600 for a private file. */
const modeOf = (path: string) => statSync(path).mode & 0o777;

// Windows has no POSIX modes; the helpers are no-ops there.
describe.skipIf(process.platform === 'win32')('the data folder is private (0700 folders, 0600 files)', () => {
  it('creates the data folder, its logs and settings private when the app starts', async () => {
    const dataDir = join(temporaryDir(), 'Field Desk');
    const app = createApp({ dataDir, host: 'web' });
    app.handlers['settings:update']({ theme: 'dark' }, { transport: 'web', url: 'test' });
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'logs'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'logs', 'main.log'))).toBe(0o600);
    expect(readFileSync(join(dataDir, 'logs', 'main.log'), 'utf8')).toContain('app: started');
    expect(modeOf(join(dataDir, 'settings.json'))).toBe(0o600);
    await app.close();
  });

  it('tightens a data folder, log folder and log an older version left 0755/0644', () => {
    const dataDir = temporaryDir();
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'logs'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'logs', 'main.log'), 'old line\n', { mode: 0o644 });
    chmodSync(join(dataDir, 'logs', 'main.log'), 0o644);
    const paths = openDataPaths(dataDir);
    createLogger({ logDir: paths.logDir, echo: false }).info('opened');
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(paths.logDir)).toBe(0o700);
    expect(modeOf(join(paths.logDir, 'main.log'))).toBe(0o600);
    expect(readFileSync(join(paths.logDir, 'main.log'), 'utf8')).toMatch(/^old line\n.*opened/s);
  });

  it('writes settings and other JSON files 0600, replacing a 0644 file and making missing folders 0700', () => {
    const dir = temporaryDir();
    const old = join(dir, 'environments.json');
    writeFileSync(old, '{}');
    chmodSync(old, 0o644);
    writeJsonAtomic(old, { active: 'local' });
    expect(modeOf(old)).toBe(0o600);
    const nested = join(dir, 'new-folder', 'settings.json');
    new SettingsStore(nested, createMemoryLogger()).update({ theme: 'light' });
    expect(modeOf(join(dir, 'new-folder'))).toBe(0o700);
    expect(modeOf(nested)).toBe(0o600);
  });

  it('creates the offline cache folder 0700 and the database with its -wal and -shm 0600', () => {
    const cacheDir = join(temporaryDir(), 'cache');
    const file = join(cacheDir, 'local.sqlite3');
    const db = openCache(file);
    db.prepare('INSERT INTO work_orders (id, updated_at, cached_at) VALUES (1, 0, 0)').run();
    expect(modeOf(cacheDir)).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    db.close();
  });

  it('tightens a cache an older version left 0755/0644, companions included', () => {
    const cacheDir = join(temporaryDir(), 'cache');
    const file = join(cacheDir, 'sandbox.sqlite3');
    openCache(file).close();
    chmodSync(cacheDir, 0o755);
    chmodSync(file, 0o644);
    writeFileSync(`${file}-journal`, '');
    chmodSync(`${file}-journal`, 0o644);
    const db = openCache(file);
    expect(modeOf(cacheDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-journal`)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    db.close();
  });

  it("creates the embedded marketplace's database and its -wal and -shm 0600", () => {
    const file = join(temporaryDir(), 'local-marketplace.sqlite3');
    const db = openDatabase(file);
    db.prepare("INSERT INTO meta (key, value) VALUES ('probe', '1')").run();
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(modeOf(path), path).toBe(0o600);
    db.close();
  });

  it('never truncates an existing file, and leaves opening a file in a missing folder to SQLite', () => {
    const file = join(temporaryDir(), 'kept.txt');
    writeFileSync(file, 'content');
    ensurePrivateFile(file);
    expect(readFileSync(file, 'utf8')).toBe('content');
    const missing = join(temporaryDir(), 'no-such-folder', 'market.db');
    expect(() => ensurePrivateDatabaseFile(missing)).not.toThrow();
    expect(existsSync(missing)).toBe(false);
  });
});
