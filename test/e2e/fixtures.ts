import { test as base } from '@playwright/test';
import { startWebHostProcess, type WebHostProcess } from '../support/web-host-process';

export { startWebHostProcess, type WebHostProcess };

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
    // A failed test carries what the host printed: a crash or a refusal there explains most of them.
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('web host output', { body: host.output(), contentType: 'text/plain' });
    await host.stop();
  },
});

export { expect } from '@playwright/test';
