import type { Page } from '@playwright/test';
import { demoPhoto } from '../../src-main/local-marketplace/seed/photos';
import { until } from '../support/until';
import { explainedByOutbox, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { expect, mainLog, test } from './fixtures';
import { axeFindings } from './support/axe';

// Deliverables review (issue 17, item 2): a simulated provider uploads two photos onto an order
// under way; moments later (webhook deliveries, no sync) they are in the review queue, newest first; the coordinator approves one
// and denies the other with a reason by keyboard alone, and the marketplace has both reviews.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

/** Assigned, checked in (seed: work-orders.ts): its provider can upload deliverables. */
const ORDER = 10021;
const REASON = 'The panel label is not readable: retake it closer';
const HOSTILE_NAME = 'invoice\u202Efdp.exe';

interface Folder {
  type: string;
  results: { file: { name: string }; status: string; status_description: string }[];
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a provider’s two photos are reviewed by keyboard: one approved, one denied with a reason, both on the marketplace', async ({ page, webHost }) => {
  test.setTimeout(180_000);
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deliverables' }).click();
  const screen = page.getByRole('region', { name: 'Deliverables review' });
  const queue = screen.getByRole('list', { name: 'Deliverables waiting for review' });
  // The demo's photos, newest first; the place is on the first.
  const first = queue.getByRole('button').first();
  await expect(first).toHaveAttribute('aria-current', 'true');
  const placeName = /[\w-]+\.png/.exec((await first.textContent()) ?? '')?.[0] ?? 'no file';
  const place = queue.getByRole('button', { name: new RegExp(`^${placeName.replace('.', '\\.')}`) });

  const { origin } = await localMarketplace(webHost);
  const order = await marketplaceRest<{ assignee: { user: { id: number } } }>(webHost, 'GET', `workorders/${ORDER}`);
  // A provider's name is untrusted (issue 22, item 7): a direction override would show this one as
  // `invoiceexe.pdf`. It is the oldest of the three, reviewed after the photos.
  const hostile = await page.request.post(`${origin}/__local/simulate/upload`, {
    data: { work_order_id: ORDER, provider_id: order.assignee.user.id, name: HOSTILE_NAME, content: 'not an invoice' },
  });
  expect(hostile.ok(), await hostile.text()).toBe(true);
  // One after the other: the second is the newer, so it heads the three.
  for (const [index, name] of ['panel-before.png', 'panel-after.png'].entries()) {
    const answer = await page.request.post(`${origin}/__local/simulate/upload`, {
      data: { work_order_id: ORDER, provider_id: order.assignee.user.id, name, mime: 'image/png', content_base64: demoPhoto(500 + index).toString('base64') },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  // Nobody syncs: the marketplace's deliveries bring the new files in on top (the demo's simulated
  // providers may add theirs too), and the coordinator's place does not move.
  const rowOf = (name: RegExp) => queue.getByRole('button', { name });
  for (const name of [/panel-after\.png/, /panel-before\.png/, /invoicefdp\.exe/]) await expect(rowOf(name)).toBeVisible({ timeout: 30_000 });
  const rows = await queue.getByRole('listitem').allInnerTexts();
  const indexOf = (name: string) => rows.findIndex((text) => text.includes(name));
  expect(indexOf('panel-after.png')).toBeLessThan(indexOf('panel-before.png'));
  expect(indexOf('panel-before.png')).toBeLessThan(indexOf('invoicefdp.exe'));
  expect(indexOf('invoicefdp.exe')).toBeLessThan(indexOf(placeName));
  await expect(place).toHaveAttribute('aria-current', 'true');
  expect(await queue.textContent()).not.toContain('\u202E');

  // Keyboard alone from here: up past the new files to the newest of the three (k, and the arrow once).
  await page.keyboard.press('ArrowUp');
  for (let step = 1; step < indexOf(placeName) - indexOf('panel-after.png'); step++) await page.keyboard.press('k');
  // The newest file, previewed large beside its order and the folder's completeness.
  await expect(queue.getByRole('button', { name: /panel-after\.png/ })).toHaveAttribute('aria-current', 'true');
  const preview = screen.getByRole('img', { name: 'panel-after.png' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(192);
  const summary = screen.getByRole('complementary', { name: 'Work order summary' });
  await expect(summary.getByRole('heading', { level: 2 })).toContainText(`#${ORDER}`);
  await expect(summary.getByRole('region', { name: 'Folder completeness' })).toContainText('3 uploaded, 1 required: complete');
  await expect(screen.getByRole('list', { name: 'Review shortcuts' })).toContainText('Approve');
  await shoot(page, 'deliverables-review');

  await page.keyboard.press('a');
  await expect(queue.getByRole('button', { name: /panel-after\.png/ })).toHaveCount(0);
  await expect(queue.getByRole('button', { name: /panel-before\.png/ })).toHaveAttribute('aria-current', 'true');
  await expect(screen.getByRole('img', { name: 'panel-before.png' })).toBeVisible();

  await page.keyboard.press('d');
  const reason = screen.getByRole('textbox', { name: 'Reason the provider will see' });
  await expect(reason).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reason).toHaveAccessibleDescription('A denied deliverable needs a reason the provider will see');
  await page.keyboard.type(REASON);
  await shoot(page, 'deliverables-deny');
  await page.keyboard.press('Enter');
  await expect(reason).toHaveCount(0);
  await expect(queue.getByRole('button', { name: /panel-before\.png/ })).toHaveCount(0);
  // The loop moved on to the next waiting file by itself: the provider's oddly named one, its name cleaned.
  await expect(queue.getByRole('button', { name: /^invoicefdp\.exe/ })).toHaveAttribute('aria-current', 'true');
  await expect(screen.getByRole('heading', { level: 2, name: 'invoicefdp.exe', exact: true })).toBeVisible();
  expect(await screen.textContent()).not.toContain('\u202E');

  // On the marketplace, once the outbox has sent both. In a full run on two cores this once took
  // more than 30 s ("2 changes waiting", online) and the cause is not known: the wait is as long as
  // the talent pools test's, and a slow drain keeps main's log with the test's results to find it.
  const sentFrom = Date.now();
  const files = await explainedByOutbox(webHost, until(
    async () => (await marketplaceRest<{ results: Folder[] }>(webHost, 'GET', `workorders/${ORDER}/attachments`)).results.find((folder) => folder.type === 'slot')?.results ?? [],
    (found) => found.filter((file) => file.status !== 'pending').length === 2,
    'both reviews on the marketplace',
    100_000,
    200,
  ));
  if (Date.now() - sentFrom > 20_000) {
    test.info().annotations.push({ type: 'slow outbox', description: `both reviews took ${Date.now() - sentFrom} ms to land; see main.log` });
    await test.info().attach('main.log', { body: mainLog(webHost), contentType: 'text/plain' });
  }
  expect(files.find((file) => file.file.name === 'panel-after.png')).toMatchObject({ status: 'approved' });
  expect(files.find((file) => file.file.name === 'panel-before.png')).toMatchObject({ status: 'denied', status_description: REASON });

  // The keys are in the shortcut sheet too, and o opens the current file's order.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('Approve the deliverable and go to the next');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  const next = /#(\d+)/.exec((await queue.locator('button[aria-current="true"]').textContent()) ?? '')?.[1];
  // Pressed again if it landed while the sheet was still handing the focus back (seen once under load).
  await expect(async () => {
    if (await page.getByRole('region', { name: 'Deliverables review' }).isVisible()) await page.keyboard.press('o');
    await expect(page.getByRole('complementary', { name: `Work order ${next}` })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
});

test('on a laptop’s 1,024 px window the review’s buttons and the order’s facts stay in their columns', async ({ page, webHost }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deliverables' }).click();
  const screen = page.getByRole('region', { name: 'Deliverables review' });
  await expect(screen.getByRole('list', { name: 'Deliverables waiting for review' }).getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  const summary = screen.getByRole('complementary', { name: 'Work order summary' });
  await expect(summary.getByText('Type of work')).toBeVisible();
  const summaryLeft = (await summary.boundingBox())?.x ?? 0;
  for (const name of [/^Approve/, /^Deny/]) {
    const box = await screen.getByRole('button', { name }).first().boundingBox();
    expect(box && box.x + box.width, `${name} ends before the order's column`).toBeLessThanOrEqual(summaryLeft);
  }
  // Nothing runs past the order's column: it needs no sideways scroll.
  expect(await summary.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  await shoot(page, 'deliverables-1024');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axeFindings(page, 'main'), `axe on Deliverables at 1,024 px (${scheme})`).toEqual([]);
  }
});
