import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError } from '../../src-shared/errors';
import { type Settings, SettingsSchema, type SettingsUpdate } from '../../src-shared/ipc/channels';
import type { Logger } from './logger';

export const DEFAULT_SETTINGS: Settings = { theme: 'system' };

/** Non-secret preferences in `settings.json`. Secrets never come here: they live in the keychain. */
export class SettingsStore {
  #settings: Settings;

  constructor(
    private readonly file: string,
    private readonly logger: Logger,
  ) {
    this.#settings = this.#read();
  }

  get(): Settings {
    return { ...this.#settings };
  }

  update(change: SettingsUpdate): Settings {
    const next = SettingsSchema.parse({ ...this.#settings, ...stripUndefined(change) });
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      // Write then rename: a crash mid-write leaves the old file whole, never half a file.
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`);
      renameSync(temporary, this.file);
    } catch (error) {
      this.logger.error('settings: write failed', error);
      throw new AppError('SETTINGS_WRITE_FAILED');
    }
    this.#settings = next;
    return this.get();
  }

  #read(): Settings {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.logger.warn('settings: unreadable file ignored', { file: this.file });
      return { ...DEFAULT_SETTINGS };
    }
    // Each key falls back on its own, so one bad value does not reset the others.
    const stored = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const [key, schema] of Object.entries(SettingsSchema.shape)) {
      if (!(key in stored)) continue;
      const result = schema.safeParse(stored[key]);
      if (result.success) settings[key] = result.data;
      else this.logger.warn('settings: invalid value ignored', { key });
    }
    return SettingsSchema.parse(settings);
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
