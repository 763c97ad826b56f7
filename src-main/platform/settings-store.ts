import { AppError } from '../../src-shared/errors';
import { DEFAULT_SETTINGS, type Settings, SettingsSchema, type SettingsUpdate } from '../../src-shared/ipc/channels';
import { readJsonObject, writeJsonAtomic } from './json-file';
import type { Logger } from './logger';

export { DEFAULT_SETTINGS };

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
      writeJsonAtomic(this.file, next);
    } catch (error) {
      this.logger.error('settings: write failed', error);
      throw new AppError('SETTINGS_WRITE_FAILED');
    }
    this.#settings = next;
    return this.get();
  }

  #read(): Settings {
    const content = readJsonObject(this.file);
    if (content.kind === 'missing') return { ...DEFAULT_SETTINGS };
    if (content.kind === 'unreadable') {
      this.logger.warn('settings: unreadable file ignored', { file: this.file });
      return { ...DEFAULT_SETTINGS };
    }
    // Each key falls back on its own, so one bad value does not reset the others.
    const stored = content.value;
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
