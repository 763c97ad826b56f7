import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** What a settings file held: the object, or why there is none (`missing` is the normal first run). */
export type JsonFileContent = { kind: 'object'; value: Record<string, unknown> } | { kind: 'missing' } | { kind: 'unreadable' };

export function readJsonObject(file: string): JsonFileContent {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { kind: 'missing' };
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
