import { describe, expect, it } from 'vitest';
import { dataPaths, defaultDataDir } from '../../../src-main/platform/paths';

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
});
