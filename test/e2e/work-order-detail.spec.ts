import type { Page } from '@playwright/test';
import { localMarketplace } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// The detail panel over the demo seed: an order opened from the list shows its sections, sends a
// message through the outbox, and lists provider requests, one of them made by the simulation.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

/** Assigned and confirmed, with a message thread (seed: simulation/demo-seed.ts). */
const WITH_THREAD = 10019;
/** Published, with three requests, one a counter-offer. */
const WITH_REQUESTS = 10010;

const SECTIONS = ['Overview', 'Providers', 'Milestones', 'Messages', 'Problems', 'Time logs', 'Pay', 'Shipments', 'Expenses', 'Attachments'];

async function openOrder(page: Page, url: string, id: number) {
  await page.goto(url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await expect(grid.getByRole('row').filter({ hasText: 'POS terminal install' }).first()).toBeVisible({ timeout: 20_000 });
  return openFromList(page, id);
}

/** Finds the order by its id in the search box and clicks its row. */
async function openFromList(page: Page, id: number) {
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(id));
  // The id cell, not the row's middle: the row may carry controls of its own (a selection box).
  await grid.getByRole('row').filter({ hasText: String(id) }).getByText(String(id), { exact: true }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${id}` });
  await expect(panel).toBeVisible();
  // Painted from the cache at once, then refreshed from the marketplace.
  await expect(panel.getByRole('status').filter({ hasText: /^Updated \d{1,2}:\d{2}/ })).toBeVisible({ timeout: 15_000 });
  return panel;
}

test('an order opened from the list shows every section with the seeded data', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost.url, WITH_THREAD);
  for (const name of SECTIONS) await expect(panel.getByRole('heading', { name, exact: true })).toBeVisible();

  // Header: status with the sub-status, and the lifecycle actions.
  await expect(panel.getByText(/^Assigned(: .+)?$/).first()).toBeVisible();
  await expect(panel.getByRole('toolbar', { name: 'Actions on this order' })).toBeVisible();
  // Overview: the schedule in the site's zone, named.
  await expect(panel.getByText(/^Site time · /)).toBeVisible();
  // Messages: the seeded thread, reply nested under it.
  const thread = panel.getByRole('list', { name: 'Message thread' });
  await expect(thread).toContainText('Please bring a spare access point');
  await expect(thread).toContainText('Will do, I have one in the van.');
  // Milestones: the lifecycle with the current step marked.
  await expect(panel.getByRole('list', { name: 'Lifecycle' }).locator('[aria-current="step"]')).toHaveText(/Assigned/);

  // The section nav scrolls to a section.
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Pay' }).click();
  await expect(panel.getByRole('heading', { name: 'Pay', exact: true })).toBeInViewport();

  // Esc closes the panel (the shortcut registry's handler, not a second one).
  await panel.getByRole('heading', { name: 'Pay', exact: true }).blur();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a message sent from the panel shows in the thread at once, then as sent', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost.url, WITH_THREAD);
  const text = `Gate code is 4471, ask for Dana (${Date.now()})`;
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  const thread = panel.getByRole('list', { name: 'Message thread' });
  await expect(thread).toContainText(text);
  await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  // The outbox sends it and main refreshes the order: it stays in the thread, no longer pending.
  await expect(thread.getByRole('listitem').filter({ hasText: text }).getByText('Pending')).toHaveCount(0, { timeout: 20_000 });
  await expect(thread).toContainText(text);

  // An empty message is refused by the channel's own schema before anything is queued.
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText('Write a message first')).toBeVisible();
});

test('requests and counter-offers, compared side by side, and a new request from the simulation', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost.url, WITH_REQUESTS);
  const requests = panel.getByRole('article', { name: /^Request from / });
  await expect(requests).toHaveCount(3);
  await expect(panel.getByText('Counter-offer').first()).toBeVisible();
  await expect(requests.first().getByRole('button', { name: /^Assign / })).toBeEnabled();
  await expect(requests.first().getByRole('button', { name: /^Route to / })).toBeEnabled();
  // This company's history with each provider, from the cache.
  await expect(requests.first().getByText(/^With you:/)).toBeVisible();

  await panel.getByRole('button', { name: 'Compare' }).click();
  const table = panel.getByRole('table', { name: 'Comparing 2 requests' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'Pay' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: 'On time' })).toBeVisible();
  await requests.nth(2).getByRole('checkbox', { name: /^Compare / }).check();
  await expect(panel.getByRole('table', { name: 'Comparing 3 requests' })).toBeVisible();

  // A provider requests the order on the marketplace; refreshing the panel shows the request.
  const { origin } = await localMarketplace(webHost);
  const answer = await page.request.post(`${origin}/__local/simulate/request`, { data: { work_order_id: WITH_REQUESTS, provider_id: 3019, notes: 'Available tomorrow morning.' } });
  expect(answer.ok()).toBe(true);
  const made = (await answer.json()) as { user?: { first_name?: string; last_name?: string } };
  await panel.getByRole('button', { name: 'Refresh work order' }).click();
  const name = `${made.user?.first_name} ${made.user?.last_name}`;
  await expect(panel.getByRole('article', { name: `Request from ${name}` })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('article', { name: `Request from ${name}` })).toContainText('Available tomorrow morning.');
});

test('screenshots of the detail in light and dark', async ({ page, webHost }, testInfo) => {
  const panel = await openOrder(page, webHost.url, WITH_THREAD);
  await page.screenshot({ path: testInfo.outputPath('detail-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Messages' }).click();
  await page.screenshot({ path: testInfo.outputPath('detail-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  const requests = await openFromList(page, WITH_REQUESTS);
  await requests.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Providers' }).click();
  await requests.getByRole('button', { name: 'Compare' }).click();
  await page.screenshot({ path: testInfo.outputPath('providers-compare-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 760 });
  await page.screenshot({ path: testInfo.outputPath('providers-compare-dark-1280.png') });
});
