import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../src-shared/errors';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { DEFAULT_SETTINGS, SettingsStore } from '../../../src-main/platform/settings-store';
import { temporaryDir } from '../../support/temporary-dir';

describe('the settings store', () => {
  it('starts from the defaults and keeps an update across a restart', () => {
    const file = join(temporaryDir(), 'settings.json');
    const store = new SettingsStore(file, createMemoryLogger());
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.update({ theme: 'dark' })).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(new SettingsStore(file, createMemoryLogger()).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
  });

  it('falls back per key on a corrupt or hand-edited file, and says so in the log', () => {
    const dir = temporaryDir();
    const logger = createMemoryLogger();
    writeFileSync(join(dir, 'broken.json'), '{"theme": ');
    expect(new SettingsStore(join(dir, 'broken.json'), logger).get()).toEqual(DEFAULT_SETTINGS);
    writeFileSync(join(dir, 'odd.json'), '{"theme": "sepia", "unknown": 1}');
    expect(new SettingsStore(join(dir, 'odd.json'), logger).get()).toEqual(DEFAULT_SETTINGS);
    writeFileSync(join(dir, 'array.json'), '[1,2]');
    expect(new SettingsStore(join(dir, 'array.json'), logger).get()).toEqual(DEFAULT_SETTINGS);
    expect(logger.records.map((record) => record.message)).toEqual([
      'settings: unreadable file ignored',
      'settings: invalid value ignored',
      'settings: unreadable file ignored',
    ]);
  });

  it('keeps the Inbox kinds chosen for notices, and drops a hand-edited choice that names no group', () => {
    const dir = temporaryDir();
    const store = new SettingsStore(join(dir, 'settings.json'), createMemoryLogger());
    expect(store.update({ noticeKinds: { messages: false } }).noticeKinds).toEqual({ messages: false });
    expect(new SettingsStore(join(dir, 'settings.json'), createMemoryLogger()).get().noticeKinds).toEqual({ messages: false });
    const logger = createMemoryLogger();
    writeFileSync(join(dir, 'odd.json'), '{"noticeKinds": {"spam": false}, "theme": "dark"}');
    expect(new SettingsStore(join(dir, 'odd.json'), logger).get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark' });
    expect(logger.records.map((record) => record.message)).toEqual(['settings: invalid value ignored']);
  });

  it('answers SETTINGS_WRITE_FAILED and keeps the old value when the disk refuses', () => {
    const dir = temporaryDir();
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const store = new SettingsStore(join(blocker, 'settings.json'), createMemoryLogger());
    expect(() => store.update({ theme: 'light' })).toThrow(AppError);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
  });
});
