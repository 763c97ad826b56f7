import { describe, expect, it } from 'vitest';
import { dataPaths, defaultDataDir, keychainServiceFor } from '../../../src-main/platform/paths';

describe('data paths', () => {
  it('match Electron userData for the product name on each OS', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ann' })).toBe('/home/ann/.config/Field Desk');
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/xdg' }, home: '/home/ann' })).toBe('/xdg/Field Desk');
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ann' })).toBe('/Users/ann/Library/Application Support/Field Desk');
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:/Users/ann/AppData/Roaming' }, home: 'C:/Users/ann' })).toMatch(/Roaming.Field Desk$/);
  });

  it('honour FIELD_DESK_DATA_DIR and put logs and settings inside the data dir', () => {
    expect(defaultDataDir({ platform: 'linux', env: { FIELD_DESK_DATA_DIR: '/data/fd' }, home: '/home/ann' })).toBe('/data/fd');
    expect(dataPaths('/data/fd')).toEqual({ dataDir: '/data/fd', logDir: '/data/fd/logs', settingsFile: '/data/fd/settings.json' });
  });

  it('keep the keychain service of the standard folder, and give every other folder its own', () => {
    const linux = { platform: 'linux' as const, env: {}, home: '/home/ann' };
    expect(keychainServiceFor('/home/ann/.config/Field Desk', linux)).toBe('Field Desk');
    expect(keychainServiceFor('/home/ann/.config/Field Desk/', linux)).toBe('Field Desk');
    // The override names the folder in use; the standard one is still the one without it.
    expect(keychainServiceFor('/data/fd', { ...linux, env: { FIELD_DESK_DATA_DIR: '/data/fd' } })).toBe('Field Desk (/data/fd)');
    expect(keychainServiceFor('/tmp/a', linux)).not.toBe(keychainServiceFor('/tmp/b', linux));
  });
});
