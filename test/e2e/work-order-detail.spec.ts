import type { Page } from '@playwright/test';
import { localMarketplace } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// The detail panel over the demo seed: an order opened from the list shows its sections, sends a
// message through the outbox, and lists provider requests, one of them made by the simulation.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
// Each test waits for a first pull, then opens and refreshes orders: under a loaded machine (several
// web hosts and their marketplaces on two cores) that outlasts the default 30 s.
test.describe.configure({ timeout: 90_000 });

/** Assigned and confirmed, with a message thread (seed: simulation/demo-seed.ts). */
const WITH_THREAD = 10019;
/** Published, with three requests, one a counter-offer. */
const WITH_REQUESTS = 10010;
/** Routed to a provider. */
const ROUTED = 10014;
/** Work done, with time logged and three expenses. */
const FINISHED = 10027;
/** Assigned, its provider asking to hand it to another. */
const WITH_SWAP = 10026;

const SECTIONS = ['Overview', 'Providers', 'Milestones', 'Messages', 'Problems', 'Time logs', 'Pay', 'Shipments', 'Expenses', 'Attachments'];

async function openOrder(page: Page, url: string, id: number) {
  await page.goto(url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await expect(grid.getByRole('row').filter({ hasText: 'POS terminal install' }).first()).toBeVisible({ timeout: 45_000 });
  return openFromList(page, id);
}

/** Finds the order by its id in the search box and clicks its row; by default waits for the refresh to land. */
async function openFromList(page: Page, id: number, { refreshed = true } = {}) {
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(id));
  // The search's answer painted (a heading row and the one order) before the click: a click on a row
  // of the list before it, replaced as the answer lands, selected without opening (a flake once).
  await expect(grid).toHaveAttribute('aria-rowcount', '2');
  // The id cell, not the row's middle: the row may carry controls of its own (a selection box).
  await grid.getByRole('row').filter({ hasText: String(id) }).getByText(String(id), { exact: true }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${id}` });
  await expect(panel).toBeVisible();
  // Painted from the cache at once, then refreshed from the marketplace.
  if (refreshed) await expect(panel.getByRole('status').filter({ hasText: /^Updated \d{1,2}:\d{2}/ })).toBeVisible({ timeout: 30_000 });
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

  // The section nav scrolls to a section, by keyboard too: Enter on a button is the button's, not the list's.
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Pay' }).focus();
  await page.keyboard.press('Enter');
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
  await expect(thread.getByRole('listitem').filter({ hasText: text }).getByText('Pending')).toHaveCount(0, { timeout: 30_000 });
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

  await panel.getByRole('button', { name: 'Compare', exact: true }).click();
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
  // Four orders opened and refreshed, two themes, two sizes.
  test.slow();
  const panel = await openOrder(page, webHost.url, WITH_THREAD);
  await page.screenshot({ path: testInfo.outputPath('detail-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Messages' }).click();
  await page.screenshot({ path: testInfo.outputPath('detail-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  const requests = await openFromList(page, WITH_REQUESTS);
  await requests.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Providers' }).click();
  await requests.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.screenshot({ path: testInfo.outputPath('providers-compare-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 760 });
  await page.screenshot({ path: testInfo.outputPath('providers-compare-dark-1280.png') });

  // A routed order (Unroute), and a finished one with time logs, expenses and pay.
  const routed = await openFromList(page, ROUTED);
  await routed.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Providers' }).click();
  await expect(routed.getByRole('button', { name: /^Unroute / }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('routed-dark-1280.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  const finished = await openFromList(page, FINISHED);
  await finished.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Time logs' }).click();
  await expect(finished.getByRole('region', { name: 'Expenses' }).getByRole('row')).toHaveCount(4);
  await page.screenshot({ path: testInfo.outputPath('finished-light-1280.png') });
});

test('a swap answered and a problem reported from the panel go through the outbox', async ({ page, webHost }, testInfo) => {
  const panel = await openOrder(page, webHost.url, WITH_SWAP);
  const swaps = panel.getByRole('list').filter({ hasText: 'asks to hand the order to' });
  await expect(swaps.getByRole('button', { name: /^Decline swap to / })).toBeVisible();
  await expect(swaps.getByRole('button', { name: /^Accept swap to / })).toBeVisible();
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Providers' }).click();
  await page.screenshot({ path: testInfo.outputPath('swap-light.png') });
  await swaps.getByRole('button', { name: /^Decline swap to / }).click();
  // Answered: the buttons go at once, and the marketplace's answer shows once the outbox sent it.
  await expect(swaps.getByRole('button', { name: /^Decline swap to / })).toHaveCount(0);
  await expect(swaps.getByText('Declined')).toBeVisible({ timeout: 30_000 });

  await panel.getByRole('button', { name: 'Report a problem' }).click();
  const form = panel.getByRole('form', { name: 'Report a problem' });
  // Nothing chosen: the channel's schema refuses it, and the form says what is missing.
  await form.getByRole('button', { name: 'Report' }).click();
  await expect(form.getByRole('alert')).toHaveText('Choose the kind of problem.');
  await form.getByRole('combobox', { name: 'Problem type' }).selectOption({ label: 'Missing parts' });
  await form.getByRole('textbox', { name: 'Comments' }).fill('The replacement mount was not in the box.');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('problem-form-dark.png') });
  await form.getByRole('button', { name: 'Report' }).click();
  await expect(form).toBeHidden();
  const problems = panel.getByRole('region', { name: 'Problems' });
  await expect(problems).toContainText('The replacement mount was not in the box.');
  await expect(problems.getByText('Open')).toBeVisible({ timeout: 30_000 });
});

test('a refresh that cannot reach the marketplace keeps the saved copy and says so', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await expect(grid.getByRole('row').filter({ hasText: 'POS terminal install' }).first()).toBeVisible({ timeout: 45_000 });
  // The marketplace drops the connection of every read of this order: the network is gone, for it.
  const { origin } = await localMarketplace(webHost);
  const fault = await page.request.post(`${origin}/__local/faults`, { data: { status: 'drop', path: `workorders/${WITH_THREAD}`, method: 'GET' } });
  expect(fault.ok()).toBe(true);

  const panel = await openFromList(page, WITH_THREAD, { refreshed: false });
  await expect(panel.getByRole('status').filter({ hasText: /^Offline: showing the saved copy/ })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('heading', { level: 2 })).not.toHaveText('');
  await expect(panel.getByRole('heading', { name: 'Overview', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('offline-light.png') });
});

test('a change the marketplace refuses is named in the header with its reason', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost.url, WITH_THREAD);
  const { origin } = await localMarketplace(webHost);
  const fault = await page.request.post(`${origin}/__local/faults`, { data: { status: 400, path: `workorders/${WITH_THREAD}/messages`, method: 'POST', count: 1 } });
  expect(fault.ok()).toBe(true);

  await panel.getByRole('textbox', { name: 'Message' }).fill('Is the loading dock open after 6 pm?');
  await panel.getByRole('button', { name: 'Send' }).click();
  await expect(panel.getByText('Pending', { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('alert').filter({ hasText: /^The marketplace refused Message on #10019: “Is the loading dock open after 6 pm\?”: .*Injected fault/ })).toBeVisible({ timeout: 30_000 });
  // Still in the thread, marked refused: nothing the coordinator wrote is lost.
  await expect(panel.getByRole('list', { name: 'Message thread' }).getByRole('listitem').filter({ hasText: 'Is the loading dock open' })).toContainText('Refused');
  await page.screenshot({ path: test.info().outputPath('refused-light.png') });
});
