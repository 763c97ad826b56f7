import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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

/** Write then rename: a crash mid-write leaves the old file whole, never half a file. Throws on failure. */
export function writeJsonAtomic(file: string, value: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}
