// The release smoke test's decisions (scripts/smoke-test.mjs runs them against the packaged app;
// test/scripts/smoke.test.ts runs them against fakes): where electron-builder left the app, and
// what "it works" means: the window opens, the IPC answers app:info, the local marketplace signs in.
import { join } from 'node:path';

/**
 * The packaged app's executable inside dist/: electron-builder's unpacked folder, which the
 * AppImage and deb, the NSIS installer and the dmg all wrap. `entries` lists dist/.
 */
export function packagedExecutable(distDir, platform, entries, { productName = 'Field Desk', executableName = 'field-desk' } = {}) {
  const pick = (pattern) => entries.filter((entry) => pattern.test(entry)).sort()[0];
  if (platform === 'linux') {
    const folder = pick(/^linux(-[a-z0-9]+)?-unpacked$/);
    return folder && join(distDir, folder, executableName);
  }
  if (platform === 'win32') {
    const folder = pick(/^win(-[a-z0-9]+)?-unpacked$/);
    return folder && join(distDir, folder, `${productName}.exe`);
  }
  if (platform === 'darwin') {
    const folder = pick(/^mac(-[a-z0-9]+)?$/);
    return folder && join(distDir, folder, `${productName}.app`, 'Contents', 'MacOS', productName);
  }
  return undefined;
}

export class SmokeFailure extends Error {}

/** The DevTools address Chromium prints on stderr once remote debugging listens, or undefined. */
export function devToolsEndpoint(stderr) {
  return /DevTools listening on (ws:\/\/\S+)/.exec(stderr)?.[1];
}

/** One IPC answer's value, or a failure naming the channel and the error it answered. */
function valueOf(channel, answer) {
  if (!answer || answer.ok !== true) {
    const error = answer?.error;
    throw new SmokeFailure(`${channel} answered ${error ? `${error.code}: ${error.message}` : JSON.stringify(answer)}`);
  }
  return answer.value;
}

/**
 * The checks, given a way to call the renderer's `window.api.invoke` and to ask whether the window
 * is visible. Resolves with what it saw; rejects with a SmokeFailure saying which check failed.
 */
export async function smokeChecks({ windowVisible, invoke, log = () => {} }) {
  if (!(await windowVisible())) throw new SmokeFailure('the main window did not become visible');
  log('The window opened.');
  const info = valueOf('app:info', await invoke('app:info'));
  if (info.host !== 'electron') throw new SmokeFailure(`app:info says the host is ${info.host}, not electron`);
  if (info.environment !== 'local') throw new SmokeFailure(`the app started on ${info.environment}, not the local marketplace`);
  log(`app:info answered: Field Desk ${info.version}, ${info.environment} environment, data in ${info.dataDir}.`);
  const session = valueOf('session:sign-in', await invoke('session:sign-in', {}));
  if (session.state !== 'signed-in') throw new SmokeFailure(`signing in to the local marketplace left the session ${session.state}`);
  log('The local marketplace signed in.');
  return { info, session };
}
