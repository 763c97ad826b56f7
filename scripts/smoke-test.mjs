/* global window -- page.evaluate runs its function in the app's renderer. */
// `npm run smoke`: starts the packaged app from dist/ (after `npm run dist`) in a fresh data folder
// and checks that the window opens, the IPC answers app:info and the local marketplace signs in.
// The release workflow runs it under a virtual display (xvfb-run on Linux). Playwright drives the
// app over the DevTools protocol, so the app itself carries no test hook.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron } from '@playwright/test';
import { SmokeFailure, packagedExecutable, smokeChecks } from './desktop/smoke.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const START_TIMEOUT_MS = 60_000;

const folders = existsSync(dist) ? readdirSync(dist, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name) : [];
const executable = packagedExecutable(dist, process.platform, folders);
if (!executable) {
  console.error(`Smoke test: no packaged app in ${dist} for ${process.platform}; run npm run dist first.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'field-desk-smoke-'));
let app;
let failed = false;
try {
  app = await electron.launch({ executablePath: executable, env: { ...process.env, FIELD_DESK_DATA_DIR: dataDir }, timeout: START_TIMEOUT_MS });
  const page = await app.firstWindow({ timeout: START_TIMEOUT_MS });
  await page.waitForLoadState('domcontentloaded');
  await smokeChecks({
    // ready-to-show may come a moment after the first paint: poll briefly.
    windowVisible: async () => {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        if (await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().some((window) => window.isVisible()))) return true;
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
  await app?.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
