import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files';

/**
 * What a JSON settings file held: the object, or why there is none. `missing` is the normal first
 * run and is not worth a log line; `unreadable` (bad JSON, not an object, no permission) is.
 */
export type JsonFileContent = { kind: 'object'; value: Record<string, unknown> } | { kind: 'missing' } | { kind: 'unreadable' };

/** The one reader of the app's small JSON files (settings, environments, window state). Never throws. */
export function readJsonObject(file: string): JsonFileContent {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? { kind: 'missing' } : { kind: 'unreadable' };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { kind: 'object', value: value as Record<string, unknown> };
  } catch {
    // Falls through: a half-edited file is treated like any other unusable content.
  }
  return { kind: 'unreadable' };
}

/** Write then rename: a crash mid-write leaves the old file whole, never half a file. Private (0600). Throws on failure. */
export function writeJsonAtomic(file: string, value: unknown): void {
  ensurePrivateDir(dirname(file));
  const temporary = `${file}.${process.pid}.tmp`;
  // The rename carries the temporary file's mode over, so a file an older version made 0644 ends up 0600.
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  renameSync(temporary, file);
}
