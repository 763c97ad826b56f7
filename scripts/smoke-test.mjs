/* global window, document -- page.evaluate runs its function in the app's renderer. */
// `npm run smoke`: starts the packaged app from dist/ (after `npm run dist`) in a fresh data folder
// and checks that the window opens, the IPC answers app:info and the local marketplace signs in.
// The release workflow runs it under a virtual display (xvfb-run on Linux). The packaged binary's
// fuses turn Node's inspector off (electron-builder.yml), so Playwright reaches the window over
// Chromium's remote debugging instead; the app itself carries no test hook.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SmokeFailure, devToolsEndpoint, packagedExecutable, smokeChecks } from './desktop/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const START_TIMEOUT_MS = 60_000;

const folders = existsSync(dist) ? readdirSync(dist, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
const executable = packagedExecutable(dist, process.platform, folders);
if (!executable) {
  console.error(`Smoke test: no packaged app in ${dist} for ${process.platform}; run npm run dist first.`);
  process.exit(1);
}

/** Starts the app with remote debugging on a free port; resolves with the DevTools address it prints. */
function launch(dataDir) {
  const child = spawn(executable, ['--remote-debugging-port=0'], { env: { ...process.env, FIELD_DESK_DATA_DIR: dataDir }, stdio: ['ignore', 'inherit', 'pipe'] });
  const endpoint = new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new SmokeFailure('the app printed no DevTools address within 60 s')), START_TIMEOUT_MS);
    child.stderr.on('data', (chunk) => {
      seen += String(chunk);
      const found = devToolsEndpoint(seen);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
    child.once('exit', (code) => reject(new SmokeFailure(`the app exited (${code}) before it opened a window`)));
  });
  return { child, endpoint };
}

const dataDir = mkdtempSync(join(tmpdir(), 'field-desk-smoke-'));
let app;
let browser;
let failed = false;
try {
  app = launch(dataDir);
  browser = await chromium.connectOverCDP(await app.endpoint, { timeout: START_TIMEOUT_MS });
  const context = browser.contexts()[0];
  const page = context?.pages()[0] ?? (await context?.waitForEvent('page', { timeout: START_TIMEOUT_MS }));
  if (!page) throw new SmokeFailure('the app opened no window');
  await page.waitForLoadState('domcontentloaded');
  await smokeChecks({
    // ready-to-show may come a moment after the first paint: poll briefly.
    windowVisible: async () => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        if (await page.evaluate(() => document.visibilityState === 'visible')) return true;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return false;
    },
    invoke: (channel, input) => page.evaluate(([name, value]) => window.api.invoke(name, value), [channel, input]),
    log: (line) => console.log(`Smoke test: ${line}`),
  });
  console.log(`Smoke test passed: ${executable}`);
} catch (error) {
  failed = true;
  console.error(`Smoke test failed: ${error instanceof SmokeFailure ? error.message : error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
} finally {
  await browser?.close().catch(() => undefined);
  app?.child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
