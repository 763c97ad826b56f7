// Fetching the Electron binary: electron's own install script (@electron/get, checksums, the cache
// in ~/.cache/electron), run in a child so a failure becomes one line instead of its stack trace.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { lastLine } from './one-line.mjs';

/** A slow link may take a while for ~100 MB; a stuck one must not hang `npm start` for ever. */
export const DOWNLOAD_TIMEOUT_MS = 15 * 60_000;

/**
 * Runs node_modules/electron/install.js. Resolves `{ ok: true }` when it exited cleanly, else
 * `{ ok: false, reason }` with the last line it printed (such as "TypeError: fetch failed").
 * The caller checks the binary afterwards either way: the script also exits 0 when told to skip.
 */
export function downloadElectron({ root, env = process.env, spawn: spawnProcess = spawn, timeoutMs = DOWNLOAD_TIMEOUT_MS, showProgress = false }) {
  return new Promise((resolve) => {
    const child = spawnProcess(process.execPath, [join(root, 'node_modules', 'electron', 'install.js')], {
      cwd: root,
      env,
      stdio: ['ignore', showProgress ? 'inherit' : 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      child.kill();
      finish({ ok: false, reason: `no answer within ${Math.round(timeoutMs / 60_000)} minutes` });
    }, timeoutMs);
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(result);
    };
    child.on('error', (error) => finish({ ok: false, reason: error.message }));
    child.on('exit', (code) => finish(code === 0 ? { ok: true } : { ok: false, reason: lastLine(output) || `the download exited with ${code}` }));
  });
}
