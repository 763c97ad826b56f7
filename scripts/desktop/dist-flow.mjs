// What `npm run dist` does, with its effects passed in (test/scripts/dist-flow.test.ts fakes them):
// Electron present (fetched if need be), the app built, the native modules built for Electron,
// the packages made, and the Node build of the native modules back in place for tests.
import { reasonOf } from './one-line.mjs';

export class DistError extends Error {}

export const noElectron = (reason) =>
  `npm run dist stops: packaging needs the Electron binary and it is not available here (${reason}). Run it where Electron can be downloaded (npm run electron:fetch), or in the release workflow.`;

/**
 * @param {object} deps
 * @param {Record<string, string | undefined>} deps.env
 * @param {() => string | undefined} deps.findElectron
 * @param {() => Promise<{ ok: boolean, reason?: string }>} deps.downloadElectron
 * @param {() => Promise<void>} deps.buildApp electron-vite build
 * @param {(runtime: 'node' | 'electron', binary?: string) => Promise<unknown>} deps.ensureNative
 * @param {() => Promise<string[]>} deps.makePackages electron-builder; resolves with the files made
 * @param {(line: string) => void} deps.say
 */
export async function distFieldDesk(deps) {
  let binary = deps.findElectron();
  let reason = 'ELECTRON_SKIP_BINARY_DOWNLOAD is set';
  if (!binary && !deps.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    const download = await deps.downloadElectron();
    binary = deps.findElectron();
    reason = download.reason ?? 'the download left no binary';
  }
  if (!binary) throw new DistError(noElectron(reason));

  await step('Building the app', deps.buildApp);
  await step('Building the native modules for Electron', () => deps.ensureNative('electron', binary));
  let files;
  try {
    files = await step('Packaging', deps.makePackages);
  } finally {
    // Tests and browser mode run in Node: put its build back, packaged or not.
    await deps.ensureNative('node').catch(() => undefined);
  }
  deps.say(`Packages in dist/: ${files.join(', ')}`);
  return files;
}

async function step(what, run) {
  try {
    return await run();
  } catch (error) {
    throw new DistError(`npm run dist stops: ${what} failed (${reasonOf(error)}).`);
  }
}
