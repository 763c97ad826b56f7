// Budget (issue 17, item 2): in Chromium, approving a deliverable to the next deliverable's preview
// painted: p95 under 100 ms. The built app runs as `npm start` runs it (web host + Chromium, `npm run
// build` first) against its embedded local marketplace, where simulated providers upload photos
// (content_base64) onto the assigned demo orders. The baseline, in the same run and the same queue:
// moving to the next file without approving (j), which paints the same kind of preview but sends no
// review. Each pair of passes runs twice: with a short look at each file before the key (DWELL_MS, a
// coordinator's glance, during which the next previews load ahead) — the budget's case — and back to
// back at machine speed, where loading ahead cannot keep up with main's work for each approval.
// Run: `npm run bench -- review-in-chromium`.
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import config from '../../playwright.config';
import { demoPhoto } from '../../src-main/local-marketplace/seed/photos';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { until } from '../support/until';
import { startWebHostProcess } from '../support/web-host-process';
import { percentile } from '../support/percentile';
import { ASSIGNED_DEMO_ORDERS } from '../support/demo-orders';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Files timed per pass; each pass uses files of its own. */
const TIMED = 40;
const WARMUP = 3;
const BUDGET_P95_MS = 100;
/** How long the coordinator looks at a file before the key, in the first pair of passes. */
const DWELL_MS = 400;
const ORDERS = ASSIGNED_DEMO_ORDERS;

declare global {
  interface Window {
    __reviewProbe?: Promise<number>;
  }
}

/**
 * Armed before a key: from that key's keydown (seen first, in the capture phase) to the frame after
 * the one in which the preview of `name` is in the DOM with its image decoded, i.e. once it is painted.
 */
function armPaintProbe(name: string): void {
  window.__reviewProbe = new Promise<number>((resolve, reject) => {
    let pressedAt: number | undefined;
    window.addEventListener('keydown', () => (pressedAt = performance.now()), { capture: true, once: true });
    const deadline = performance.now() + 10_000;
    const check = () => {
      const image = [...document.querySelectorAll('figure img')].find((element): element is HTMLImageElement => element instanceof HTMLImageElement && element.alt === name);
      if (pressedAt !== undefined && image?.complete && image.naturalWidth > 0) {
        const start = pressedAt;
        requestAnimationFrame(() => resolve(performance.now() - start));
        return;
      }
      if (performance.now() > deadline) reject(new Error(`the preview of ${name} was not painted`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** The file names of the queue as shown, and which one is current: read in the page, one call. */
function queueState(): { names: string[]; current: number } {
  const buttons = [...document.querySelectorAll('ol[aria-label="Deliverables waiting for review"] button')];
  return {
    names: buttons.map((button) => /[\w-]+\.png/.exec(button.textContent ?? '')?.[0] ?? ''),
    current: buttons.findIndex((button) => button.getAttribute('aria-current') === 'true'),
  };
}

/** Presses `key` `times` times, each `dwellMs` after the file before was painted; answers the times. */
async function timePresses(page: Page, key: string, times: number, dwellMs: number): Promise<number[]> {
  const timings: number[] = [];
  for (let press = 0; press < times; press++) {
    if (dwellMs > 0) await page.waitForTimeout(dwellMs);
    const { names, current } = await page.evaluate(queueState);
    const next = names[current + 1];
    if (!next) throw new Error('the queue ran out of files');
    await page.evaluate(armPaintProbe, next);
    await page.keyboard.press(key);
    timings.push(await page.evaluate(() => window.__reviewProbe as Promise<number>));
  }
  return timings;
}

export default async function run(): Promise<void> {
  const host = await startWebHostProcess({ root: ROOT });
  const browser = await chromium.launch({ ...config.use?.launchOptions });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' })).newPage();
    await page.goto(host.url);
    await page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' }).filter({ hasText: /^Synced / }).waitFor({ timeout: 60_000 });

    // Enough photos for both passes and their warm-ups, spread over the assigned orders.
    const files = 4 * (TIMED + WARMUP) + 2;
    const { origin } = await localMarketplace(host);
    for (let index = 0; index < files; index++) {
      const orderId = ORDERS[index % ORDERS.length] as number;
      const order = await marketplaceRest<{ assignee: { user: { id: number } } }>(host, 'GET', `workorders/${orderId}`);
      const answer = await fetch(`${origin}/__local/simulate/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ work_order_id: orderId, provider_id: order.assignee.user.id, name: `bench-${index}.png`, mime: 'image/png', content_base64: demoPhoto(1000 + index).toString('base64') }),
      });
      if (!answer.ok) throw new Error(`upload ${index}: ${answer.status} ${await answer.text()}`);
    }
    await callHost(host, 'sync:now');
    await until(() => callHost<{ total: number }>(host, 'deliverables:list', {}), (page) => page.total >= files, 'the uploads in the queue', 60_000, 200);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deliverables' }).click();
    await page.getByRole('list', { name: 'Deliverables waiting for review' }).getByRole('button').first().waitFor();
    const passes = [
      { pass: `j: next, no review (baseline), ${DWELL_MS} ms look`, key: 'j', dwell: DWELL_MS },
      { pass: `a: approve, then next, ${DWELL_MS} ms look`, key: 'a', dwell: DWELL_MS },
      { pass: 'j: next, no review (baseline), back to back', key: 'j', dwell: 0 },
      { pass: 'a: approve, then next, back to back', key: 'a', dwell: 0 },
    ];
    const results: { pass: string; timings: number[] }[] = [];
    for (const { pass, key, dwell } of passes) results.push({ pass, timings: (await timePresses(page, key, WARMUP + TIMED, dwell)).slice(WARMUP) });

    console.log(`\nKey to the next deliverable's preview painted, ${TIMED} files a pass (after ${WARMUP} untimed):`);
    console.table(
      results.map(({ pass, timings }) => ({
        pass,
        'p50 ms': percentile(timings, 0.5).toFixed(1),
        'p95 ms': percentile(timings, 0.95).toFixed(1),
        'max ms': Math.max(...timings).toFixed(1),
      })),
    );
    const ratio = (review: number[], baseline: number[]) => `p50 ${(percentile(review, 0.5) / percentile(baseline, 0.5)).toFixed(2)}, p95 ${(percentile(review, 0.95) / percentile(baseline, 0.95)).toFixed(2)}`;
    const [lookJ, lookA, rushJ, rushA] = results.map((result) => result.timings) as [number[], number[], number[], number[]];
    console.log(`approve / next, with a look: ${ratio(lookA, lookJ)}; back to back: ${ratio(rushA, rushJ)}`);
    const p95 = percentile(lookA, 0.95);
    console.log(`Budget: p95 < ${BUDGET_P95_MS} ms from approve to the next preview painted (with a ${DWELL_MS} ms look); p95 ${p95.toFixed(1)} ms: ${p95 < BUDGET_P95_MS ? 'within' : 'OVER'} budget`);
    if (p95 >= BUDGET_P95_MS) process.exitCode = 1;
  } finally {
    await browser.close();
    await host.stop();
  }
}
