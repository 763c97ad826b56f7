import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
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

/** What the outbox's periodic look says when it finds a change no wake sent (runner.ts). */
const STALL = 'found by the periodic look';

/**
 * The outbox's stalls, passed tests included: one cause was found this way (a change coming due
 * while the runner looked, runner.ts); in case there are others, each one's log is
 * kept in `outbox-stalls.log` in the run's output folder (emptied at each run's start) and said on
 * the run's output, for the next look.
 */
function keepOutboxStalls(log: string, title: string, folder: string): void {
  if (!log.includes(STALL)) return;
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'outbox-stalls.log');
  appendFileSync(file, `\n===== ${title}\n${log}`);
  console.warn(`outbox: a stall in "${title}"; its main.log is in ${file}`);
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
    const log = mainLog(host);
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('web host output', { body: host.output(), contentType: 'text/plain' });
      await testInfo.attach('main.log', { body: log, contentType: 'text/plain' });
    }
    keepOutboxStalls(log, testInfo.title, testInfo.project.outputDir);
    await host.stop();
  },
});

export { expect } from '@playwright/test';
