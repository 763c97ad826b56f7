import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensurePrivateDir } from './private-files';

export const PRODUCT_NAME = 'Field Desk';

export interface DataPaths {
  dataDir: string;
  logDir: string;
  settingsFile: string;
}

interface PathEnvironment {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  home: string;
}

/**
 * The same folder Electron's `app.getPath('userData')` gives for our product name, so the desktop
 * shell and browser mode share one data dir. `FIELD_DESK_DATA_DIR` overrides it (tests, portable use).
 */
export function defaultDataDir({ platform, env, home }: PathEnvironment): string {
  if (env.FIELD_DESK_DATA_DIR) return env.FIELD_DESK_DATA_DIR;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME);
}

/**
 * The keychain service that holds the credentials of a data folder. The standard folder keeps the
 * product's name, so an install's credentials stay where they were; any other folder (moved with
 * `FIELD_DESK_DATA_DIR` or `--data-dir`: a second profile, a portable copy, a test) gets its own,
 * so credentials stored or changed there never reach another folder's environments.
 */
export function keychainServiceFor(dataDir: string, environment: PathEnvironment): string {
  const standard = defaultDataDir({ ...environment, env: { ...environment.env, FIELD_DESK_DATA_DIR: undefined } });
  const folder = resolve(dataDir);
  return folder === resolve(standard) ? PRODUCT_NAME : `${PRODUCT_NAME} (${folder})`;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    dataDir,
    logDir: join(dataDir, 'logs'),
    settingsFile: join(dataDir, 'settings.json'),
  };
}

/**
 * The paths of a data folder that now exists and is private (0700 on POSIX), tightened when an
 * older version created it 0755. Both hosts start the app through this.
 */
export function openDataPaths(dataDir: string): DataPaths {
  ensurePrivateDir(dataDir);
  return dataPaths(dataDir);
}

export function resolveDataDir(override?: string): string {
  return override ?? defaultDataDir({ platform: process.platform, env: process.env, home: homedir() });
}
