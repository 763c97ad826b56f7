import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// Lifecycle actions from the row menu, the action prompt, the bulk bar, the palette and the keys:
// each shown at once, queued in the outbox, and seen on the marketplace afterwards.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

interface MarketOrder {
  id: number;
  title: string;
  status: { name: string };
  assignee?: { user?: { id?: number } };
  routes?: { results?: { technician?: { id?: number } }[] };
}

async function openList(page: Page, host: WebHostProcess) {
  await page.goto(host.url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  // The first pull: on a loaded machine (two web hosts and their marketplaces on two cores) it can take a while.
  await expect(grid.getByRole('row', { name: /10001 POS terminal install/ })).toBeVisible({ timeout: 45_000 });
  // Short undo windows keep the test quick; the Undo itself is still exercised.
  await callHost(host, 'settings:update', { undoSeconds: 3 });
  return { grid, views: page.getByRole('navigation', { name: 'Work order views' }) };
}

/** Polls the marketplace until the order satisfies `done`: the outbox sends in the background. */
async function onMarketplace(host: WebHostProcess, id: number, done: (order: MarketOrder) => boolean, what: string): Promise<MarketOrder> {
  try {
    return await until(() => marketplaceRest<MarketOrder>(host, 'GET', `workorders/${id}`), done, `#${id} ${what} on the marketplace`, 30_000, 100);
  } catch (error) {
    // What the outbox holds says why: still in an undo window, retrying (and why), or refused.
    const outbox = await callHost(host, 'outbox:list').catch(() => 'unreadable');
    throw new Error(`${(error as Error).message}\noutbox: ${JSON.stringify(outbox).slice(0, 3000)}`);
  }
}

const row = (page: Page, id: number) => page.getByRole('grid', { name: /^Work orders:/ }).getByRole('row', { name: new RegExp(`\\b${id}\\b`) });
const statusCell = (page: Page, id: number) => row(page, id).getByRole('gridcell').nth(3);

test('publish, route, approve (with Undo) and cancel from the row menu, each reaching the marketplace', async ({ page, webHost }) => {
  // Four round trips through the outbox, one through an undo window: longer than the default 30 s under load.
  test.setTimeout(90_000);
  const { views } = await openList(page, webHost);

  // Publish a draft from its right-click menu: the row says Published at once, and Pending.
  await views.getByRole('button', { name: /^Drafts \d+$/ }).click();
  await row(page, 10003).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on #10003' }).getByRole('menuitem', { name: /^Publish/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('Published #10003');
  await onMarketplace(webHost, 10003, (order) => order.status.name === 'Published', 'published');

  // Route a published order to a provider chosen in the prompt.
  await views.getByRole('button', { name: /^Published and routed \d+$/ }).click();
  await row(page, 10008).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on #10008' }).getByRole('menuitem', { name: /^Route to provider/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Route to provider: #10008' });
  await prompt.getByRole('searchbox', { name: 'Find a provider' }).fill('');
  const firstProvider = prompt.getByRole('radio').first();
  const providerId = Number(await firstProvider.getAttribute('value'));
  await firstProvider.check();
  await prompt.getByRole('button', { name: 'Route to provider' }).click();
  await expect(prompt).toBeHidden();
  await onMarketplace(webHost, 10008, (order) => (order.routes?.results ?? []).some((route) => route.technician?.id === providerId), `routed to ${providerId}`);

  // Approve work done, then Undo inside the window: the marketplace never hears of it.
  await views.getByRole('button', { name: /^Work done \d+$/ }).click();
  await row(page, 10027).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on #10027' }).getByRole('menuitem', { name: /^Approve/ }).click();
  // Approving pays: the sum is shown first, and Enter confirms.
  await expect(page.getByRole('dialog', { name: 'Approve #10027' })).toContainText(/Pays \$[\d,.]+/);
  await page.keyboard.press('Enter');
  // Approved at once: it leaves Work done. Undone: it comes back.
  await expect(row(page, 10027)).toHaveCount(0);
  await page.getByRole('region', { name: 'Notifications', exact: true }).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('Undone: Approved #10027');
  await expect(statusCell(page, 10027)).toHaveText(/^Work Done/);
  expect((await marketplaceRest<MarketOrder>(webHost, 'GET', 'workorders/10027')).status.name).toBe('Work Done');

  // Approve another for real: it waits out the undo window, then lands.
  await row(page, 10028).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on #10028' }).getByRole('menuitem', { name: /^Approve/ }).click();
  await page.getByRole('dialog', { name: 'Approve #10028' }).getByRole('button', { name: /^Approve/ }).click();
  await onMarketplace(webHost, 10028, (order) => order.status.name === 'Approved', 'approved');

  // Cancel with a reason.
  await row(page, 10029).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on #10029' }).getByRole('menuitem', { name: /^Cancel order/ }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel order: #10029' });
  await cancel.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Work no longer needed' });
  await cancel.getByRole('textbox', { name: 'Message to the provider' }).fill('The client withdrew the job.');
  await cancel.getByRole('button', { name: 'Cancel order' }).click();
  await onMarketplace(webHost, 10029, (order) => order.status.name === 'Cancelled', 'cancelled');
});

test('a provider requests a published order on the marketplace; the coordinator assigns them from the request', async ({ page, webHost }) => {
  test.setTimeout(60_000);
  await openList(page, webHost);
  const { origin } = await localMarketplace(webHost);
  const asked = await page.request.post(`${origin}/__local/simulate/request`, { data: { work_order_id: 10011, provider_id: 3019, notes: 'Can be there at 8.' } });
  expect(asked.ok()).toBe(true);
  const { user } = (await asked.json()) as { user?: { first_name?: string; last_name?: string } };
  const name = `${user?.first_name} ${user?.last_name}`;

  // Opening the order fetches it fresh: the new request is there.
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('10011');
  await row(page, 10011).getByText('10011', { exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Work order 10011' });
  const request = panel.getByRole('article', { name: `Request from ${name}` });
  await expect(request).toContainText('Can be there at 8.', { timeout: 30_000 });
  await request.getByRole('button', { name: `Assign ${name}` }).click();
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('Assigned #10011');
  await onMarketplace(webHost, 10011, (order) => order.status.name === 'Assigned' && order.assignee?.user?.id === 3019, 'assigned to 3019');
});

test('a bulk publish of three drafts reports each order, and the marketplace has them all', async ({ page, webHost }) => {
  const { views } = await openList(page, webHost);
  await views.getByRole('button', { name: /^Drafts \d+$/ }).click();
  for (const id of [10004, 10005, 10006]) await row(page, id).getByRole('checkbox', { name: `Select #${id}` }).check();
  const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(bar).toContainText('3 selected');
  // The selection survives a switch of view.
  await views.getByRole('button', { name: /^All \d+$/ }).click();
  await expect(bar).toContainText('3 selected');
  await bar.getByRole('button', { name: /^Publish/ }).click();

  const report = page.getByRole('dialog', { name: 'Publish: 3 orders' });
  await expect(report.getByRole('table', { name: 'Result per order' }).getByRole('row')).toHaveCount(4);
  await expect(report).toContainText('3 applied', { timeout: 20_000 });
  for (const id of [10004, 10005, 10006]) expect((await marketplaceRest<MarketOrder>(webHost, 'GET', `workorders/${id}`)).status.name).toBe('Published');
  await page.screenshot({ path: test.info().outputPath('bulk-report-light.png') });
  await report.getByRole('button', { name: 'Close' }).click();
});

test('a refusal from the marketplace comes back as a message naming the change and the reason', async ({ page, webHost }) => {
  const { views } = await openList(page, webHost);
  // The marketplace cancels the order behind the app's back; the cache still says Published.
  await marketplaceRest(webHost, 'DELETE', 'workorders/10009', { cancel_reason: 2 });
  await views.getByRole('button', { name: /^Published and routed \d+$/ }).click();
  await row(page, 10009).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions on #10009' }).getByRole('menuitem', { name: /^Unpublish/ }).click();
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications).toContainText(/Refused: Unpublish #10009/, { timeout: 20_000 });
  // The row carries the refusal until the coordinator retries or discards it.
  await views.getByRole('button', { name: /^Cancelled \d+$/ }).click();
  await expect(row(page, 10009)).toContainText('Refused');
  await page.screenshot({ path: test.info().outputPath('refusal-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('refusal-dark.png') });
});

test('the palette opens an order by its number, and lists the actions in context', async ({ page, webHost }) => {
  await openList(page, webHost);
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Find a command or a work order' }).fill('10012');
  await expect(palette.getByRole('option', { name: /#10012/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('palette-light.png') });
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page.getByRole('complementary', { name: 'Work order 10012' })).toBeVisible();

  // With the order open, the palette offers what its status allows, with the keys.
  await page.keyboard.press('Control+k');
  await expect(palette.getByRole('option', { name: /Route to provider/ })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('palette-dark.png') });
  await page.keyboard.press('Escape');
});

test('a coordinator does the whole round by keyboard alone', async ({ page, webHost }) => {
  const { grid } = await openList(page, webHost);
  // g u: the drafts (unpublished); j to a row; Enter opens it; p publishes it.
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('grid', { name: 'Work orders: Drafts' })).toBeVisible();
  await page.keyboard.press('j');
  const focused = grid.locator('[role="row"]:focus');
  await expect(focused).toHaveCount(1);
  const id = Number((await focused.getByRole('gridcell').nth(1).textContent())?.trim());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary', { name: `Work order ${id}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('complementary', { name: `Work order ${id}` })).toBeHidden();

  // x picks rows, p publishes the picked ones: the report says which could not be published.
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('p');
  const report = page.getByRole('dialog', { name: 'Publish: 2 orders' });
  await expect(report).toBeVisible();
  await expect(report).toContainText(/applied|not allowed/i, { timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(report).toBeHidden();

  // c: the job form; a title and Enter save a draft without the mouse, and it opens.
  await page.keyboard.press('Escape');
  await page.keyboard.press('c');
  const create = page.getByRole('dialog', { name: 'New job' });
  await page.keyboard.type('Keyboard-only site survey');
  await page.keyboard.press('Enter');
  await expect(create).toBeHidden();
  await expect(page.getByRole('complementary', { name: /^Work order -?\d+$/ })).toBeVisible();
  await until(
    () => marketplaceRest<{ results: MarketOrder[] }>(webHost, 'GET', 'workorders?list=workorders_draft&per_page=100'),
    (answer) => answer.results.some((order) => order.title === 'Keyboard-only site survey'),
    'the new draft on the marketplace',
    20_000,
    100,
  );

  // ? lists the shortcuts of this screen.
  await page.keyboard.press('Escape');
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet.getByRole('region', { name: 'Go to' })).toContainText('Drafts');
  await expect(sheet.getByRole('region', { name: 'Actions' })).toContainText('Publish');
  await page.screenshot({ path: test.info().outputPath('shortcuts-light.png') });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});
