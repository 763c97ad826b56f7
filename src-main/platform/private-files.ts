import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * The data folder holds the coordinator's cached work orders, logs and settings: other accounts on
 * the machine have no business reading them. Folders are 0700 and files 0600 on POSIX; Windows has
 * no such modes (its profile folder is private already), so these are no-ops there.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';

/** SQLite's companions of a database file; they hold the same rows as the file itself. */
const SQLITE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * Creates `dir` (and missing parents) private, and tightens it when an older version made it 0755.
 * Only `dir` itself is chmodded: a parent may be the user's own folder, which is not ours to change.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty and private when missing (never truncates), and tightens it when it exists. */
export function ensurePrivateFile(file: string): void {
  // 'a' creates without truncating; the mode only applies when the file is created.
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

/**
 * Before opening a SQLite file: the file is created private first, because SQLite gives its -wal and
 * -shm the main file's mode; companions left by an older version are tightened too.
 */
export function ensurePrivateDatabaseFile(file: string): void {
  try {
    ensurePrivateFile(file);
  } catch {
    // A missing folder or no permission: SQLite's open fails next with its own, clearer message.
    return;
  }
  for (const suffix of SQLITE_COMPANIONS) tighten(`${file}${suffix}`, PRIVATE_FILE_MODE);
}

function tighten(path: string, mode: number): void {
  if (!posix) return;
  try {
    chmodSync(path, mode);
  } catch {
    // Best effort: a missing companion is normal, and a folder someone else owns (a shared
    // --data-dir) must not stop the app from starting.
  }
}
