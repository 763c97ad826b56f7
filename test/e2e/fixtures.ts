import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startWebHostProcess, type WebHostProcess } from '../support/web-host-process';

export { startWebHostProcess, type WebHostProcess };

/** Main's log of the host so far (`<data dir>/logs/main.log`), or why it could not be read. */
export function mainLog(host: WebHostProcess): string {
  try {
    return readFileSync(join(host.dataDir, 'logs', 'main.log'), 'utf8');
  } catch (error) {
    return `main.log could not be read: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export const test = base.extend<{ webHost: WebHostProcess }>({
  // Screenshots show the screen at rest: a theme just switched is still fading its colours (120 ms
  // transitions), and a picture taken mid-fade shows neither theme.
  page: async ({ page }, use) => {
    const screenshot = page.screenshot.bind(page);
    page.screenshot = (options) => screenshot({ animations: 'disabled', ...options });
    await use(page);
  },
  // Playwright reads fixture dependencies from the destructuring pattern, so an empty one is required.
  // eslint-disable-next-line no-empty-pattern
  webHost: async ({}, use, testInfo) => {
    const host = await startWebHostProcess();
    await use(host);
    // A failed test carries what the host printed (a crash or a refusal there explains most of them)
    // and main's log (each outbox send, each marketplace call that failed), read before the stop removes it.
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('web host output', { body: host.output(), contentType: 'text/plain' });
      await testInfo.attach('main.log', { body: mainLog(host), contentType: 'text/plain' });
    }
    await host.stop();
  },
});

export { expect } from '@playwright/test';
