// What `npm start` decides, with every effect passed in so a unit test can fake the network, the
// file system and the processes (test/scripts/start-flow.test.ts). scripts/start.mjs wires the real ones.
import { reasonOf } from './one-line.mjs';

// test/e2e/start.spec.ts pins this line: it is what a machine without Electron sees first.
export const NOT_INSTALLED =
  'Electron is not installed on this machine, so Field Desk starts in browser mode (npm run electron:fetch installs it where downloads work).';
export const FORCED = 'FIELD_DESK_BROWSER_MODE is set, so Field Desk starts in browser mode.';

export const nativeFailed = (reason) =>
  `The native modules (better-sqlite3, keytar) could not be built for Electron (${reason}), so Field Desk starts in browser mode.`;

export class StartError extends Error {}

/**
 * @param {object} deps
 * @param {Record<string, string | undefined>} deps.env
 * @param {() => string | undefined} deps.findElectron the binary's path, if it is installed
 * @param {() => Promise<{ ok: boolean, reason?: string }>} deps.downloadElectron
 * @param {(runtime: 'node' | 'electron', binary?: string) => Promise<unknown>} deps.ensureNative
 * @param {(binary: string) => Promise<number>} deps.launchElectron resolves with its exit code
 * @param {() => void} deps.startBrowserMode
 * @param {(line: string) => void} deps.say one line for the user
 * @param {(line: string) => void} [deps.progress] what a person at a terminal may like to see (not a test reading the output)
 * @param {boolean} [deps.interactive] a person started it at a terminal (stdout is a TTY)
 */
export async function startFieldDesk(deps) {
  const progress = deps.progress ?? (() => {});
  const browserMode = async (line) => {
    deps.say(line);
    await ensureForNode(deps);
    deps.startBrowserMode();
    return { mode: 'browser', line };
  };

  if (deps.env.FIELD_DESK_BROWSER_MODE) return browserMode(FORCED);

  let binary = deps.findElectron();
  if (!binary && mayDownload(deps)) {
    progress('Downloading Electron (once; about 100 MB)…');
    const download = await deps.downloadElectron();
    binary = deps.findElectron();
    if (!binary) progress(`The Electron download failed: ${download.reason ?? 'the binary is still missing'}.`);
  }
  if (!binary) return browserMode(NOT_INSTALLED);

  try {
    await deps.ensureNative('electron', binary);
  } catch (error) {
    return browserMode(nativeFailed(reasonOf(error)));
  }
  const code = await deps.launchElectron(binary);
  return { mode: 'electron', code };
}

/**
 * A person at a terminal gets the download (about 100 MB, once); a script or a test reading the
 * output does not, unless FIELD_DESK_FETCH_ELECTRON asks for it. ELECTRON_SKIP_BINARY_DOWNLOAD, the
 * user's (or CI's) word that downloads are not wanted, wins over both.
 */
export function mayDownload({ env, interactive = false }) {
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) return false;
  return interactive || Boolean(env.FIELD_DESK_FETCH_ELECTRON);
}

async function ensureForNode(deps) {
  try {
    await deps.ensureNative('node');
  } catch (error) {
    throw new StartError(`The native modules (better-sqlite3, keytar) could not be built for Node (${reasonOf(error)}); run npm rebuild, then npm start.`);
  }
}
