import type { Page } from '@playwright/test';
import { callHost } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// The demo company's orders come from the first pull after sign-in; the list must show them by role.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

const ATTENTION_TEXT = /Running late|At risk|Not confirmed|Open problem|Deliverables waiting|Requests waiting/;

async function openList(page: Page, url: string) {
  await page.goto(url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  // The first pull after sign-in fills the cache; until then the screen shows a skeleton.
  await expect(grid.getByRole('row', { name: /\b10001 POS terminal install/ })).toBeVisible({ timeout: 20_000 });
  const views = page.getByRole('navigation', { name: 'Work order views' });
  return { grid, views, search: page.getByRole('searchbox', { name: 'Search work orders' }) };
}

/** The number a list's button shows beside its name. */
async function badge(views: ReturnType<Page['getByRole']>, name: string): Promise<number> {
  const text = (await views.getByRole('button', { name: new RegExp(`^${name} \\d+$`) }).textContent()) ?? '';
  return Number(/(\d+)\s*$/.exec(text)?.[1]);
}

/** Data rows carry aria-rowindex from 2 (the header is 1). */
const dataRows = (grid: ReturnType<Page['getByRole']>) => grid.locator('[role="rowgroup"] [role="row"]');

test('the demo orders are listed with a live count on every view', async ({ page, webHost }) => {
  const { grid, views } = await openList(page, webHost.url);
  await expect(page.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced \d{1,2}:\d{2}/);

  const all = await badge(views, 'All');
  expect(all).toBeGreaterThanOrEqual(30);
  await expect(grid).toHaveAttribute('aria-rowcount', String(all + 1));
  const statusLists = ['Drafts', 'Published and routed', 'Assigned', 'Work done', 'Approved and paid', 'Cancelled'];
  const counts = await Promise.all(statusLists.map((name) => badge(views, name)));
  // Every order sits in exactly one status list.
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(all);

  // A row names its status with the sub-status, its site, client and pay.
  const assigned = grid.getByRole('row', { name: /Core switch replacement/ });
  await expect(assigned.getByRole('gridcell').nth(3)).toHaveText(/^Assigned(: .+)?$/, { useInnerText: true });
  await expect(assigned).toContainText('Phoenix, AZ');
  await expect(assigned).toContainText('Brightline Retail Group');
  // Only the rows on screen are in the DOM, and the header row is not one of them.
  const rendered = await dataRows(grid).count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(all);
});

test('switching views lists only that view, with its count and an empty state that says which', async ({ page, webHost }) => {
  const { grid, views } = await openList(page, webHost.url);

  await views.getByRole('button', { name: /^Drafts \d+$/ }).click();
  await expect(views.getByRole('button', { name: /^Drafts \d+$/ })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('grid', { name: 'Work orders: Drafts' })).toBeVisible();
  const drafts = await badge(views, 'Drafts');
  await expect(grid).toHaveAttribute('aria-rowcount', String(drafts + 1));
  await expect(dataRows(grid)).toHaveCount(drafts);
  // What the cell shows: a narrow list's start under the status is in it, hidden on a wide one.
  for (const row of await dataRows(grid).all()) await expect(row.getByRole('gridcell').nth(3)).toHaveText('Draft', { useInnerText: true });

  await views.getByRole('button', { name: /^Cancelled \d+$/ }).click();
  await expect(page.getByRole('grid', { name: 'Work orders: Cancelled' })).toBeVisible();
  await expect(dataRows(grid)).toHaveCount(await badge(views, 'Cancelled'));
  for (const row of await dataRows(grid).all()) await expect(row.getByRole('gridcell').nth(3)).toHaveText(/^Cancelled/, { useInnerText: true });

  // A search that matches nothing says the filters hide the view's orders, and clears them.
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('zzqx-nothing-matches');
  const cancelled = await badge(views, 'Cancelled');
  await expect(page.getByText(`Filters hide ${cancelled} ${cancelled === 1 ? 'order' : 'orders'}`)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(grid).toHaveAttribute('aria-rowcount', String(cancelled + 1));
  await expect(page.getByRole('searchbox', { name: 'Search work orders' })).toHaveValue('');
});

test('search narrows the list as you type', async ({ page, webHost }) => {
  const { grid, search } = await openList(page, webHost.url);
  const before = Number(await grid.getAttribute('aria-rowcount'));

  await search.pressSequentially('POS');
  await expect(grid.getByRole('row', { name: /\b10018 POS removal/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /Core switch replacement/ })).toHaveCount(0);
  const narrowed = Number(await grid.getAttribute('aria-rowcount'));
  expect(narrowed).toBeLessThan(before);

  await search.pressSequentially(' terminal');
  await expect(grid.getByRole('row', { name: /POS removal/ })).toHaveCount(0);
  await expect(grid.getByRole('row', { name: /\b10001 POS terminal install/ })).toBeVisible();
});

test('a filter saved as a view comes back with its list, search and filters', async ({ page, webHost }) => {
  const { grid, views } = await openList(page, webHost.url);
  const assigned = await badge(views, 'Assigned');
  await views.getByRole('button', { name: /^Assigned \d+$/ }).click();
  await expect(page.getByRole('grid', { name: 'Work orders: Assigned' })).toHaveAttribute('aria-rowcount', String(assigned + 1));
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Brightline Retail Group' });
  // Read once the client's answer is drawn: the row is in the unfiltered list too.
  await expect(grid).not.toHaveAttribute('aria-rowcount', String(assigned + 1));
  await expect(grid.getByRole('row', { name: /Core switch replacement/ })).toBeVisible();
  const filtered = await grid.getAttribute('aria-rowcount');

  await views.getByRole('button', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByRole('textbox', { name: 'View name' }).fill('Brightline assigned');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const saved = views.getByRole('list', { name: 'Saved views' }).getByRole('button', { name: 'Brightline assigned', exact: true });
  await expect(saved).toHaveAttribute('aria-current', 'true');

  // Elsewhere, then back through the saved view.
  await views.getByRole('button', { name: /^All \d+$/ }).click();
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'All clients' });
  await expect(grid).not.toHaveAttribute('aria-rowcount', filtered ?? '');
  await saved.click();
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue('501');
  await expect(page.getByRole('grid', { name: 'Work orders: Assigned' })).toHaveAttribute('aria-rowcount', filtered ?? '');

  // Kept by main: still there after a reload, and gone once deleted.
  await page.reload();
  await expect(saved).toBeVisible();
  await views.getByRole('button', { name: 'Delete view Brightline assigned' }).click();
  await expect(saved).toHaveCount(0);
});

test('Needs attention lists the orders that need the coordinator, each with its reasons', async ({ page, webHost }) => {
  const { grid, views } = await openList(page, webHost.url);
  await views.getByRole('button', { name: /^Needs attention \d+$/ }).click();
  await expect(page.getByRole('grid', { name: 'Work orders: Needs attention' })).toBeVisible();
  const count = await badge(views, 'Needs attention');
  expect(count).toBeGreaterThan(0);
  // The app's sidebar carries the same count, on every screen.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: `Work orders ${count} need attention` })).toBeVisible();
  // Sorted by urgency, the queue is grouped by kind: a heading row leads each group.
  const headings = dataRows(grid).filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(headings.first()).toBeVisible();
  const groups = await headings.count();
  await expect(grid).toHaveAttribute('aria-rowcount', String(count + groups + 1));
  for (const row of await dataRows(grid).filter({ hasNot: page.getByRole('heading') }).all()) await expect(row).toContainText(ATTENTION_TEXT);
});

test('the keyboard moves through rows and "/" goes to the search box', async ({ page, webHost }) => {
  const { grid, search } = await openList(page, webHost.url);
  await page.keyboard.press('j');
  await expect(dataRows(grid).first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(grid.locator('[aria-rowindex="3"]')).toBeFocused();
  await page.keyboard.press('k');
  await expect(dataRows(grid).first()).toBeFocused();
  await page.keyboard.press('/');
  await expect(search).toBeFocused();
  // Typing "j" in the box is text, not a shortcut.
  await page.keyboard.type('j');
  await expect(search).toHaveValue('j');
  await search.fill('');
  await expect(grid.getByRole('row', { name: /\b10001 / })).toBeVisible();

  // Tab reaches the grid once, at the row the keyboard was on.
  await dataRows(grid).first().click();
  await page.keyboard.press('j');
  await page.getByRole('combobox', { name: 'Sort by' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Map', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Import…' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(grid.locator('[aria-rowindex="3"]')).toBeFocused();
});

test('screenshots of the list in light and dark', async ({ page, webHost }, testInfo) => {
  await openList(page, webHost.url);
  await page.screenshot({ path: testInfo.outputPath('work-orders-light.png') });
  await page.getByRole('navigation', { name: 'Work order views' }).getByRole('button', { name: /^Needs attention \d+$/ }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('work-orders-dark.png') });
  await page.getByRole('button', { name: 'Save view…' }).click();
  await expect(page.getByRole('dialog', { name: 'Save view' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('save-view-dark.png') });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Save view' })).toBeHidden();
  // A laptop-sized window, and the empty state a search that hides everything leaves.
  await page.setViewportSize({ width: 1280, height: 760 });
  await page.emulateMedia({ colorScheme: 'light' });
  // The list's tools keep one line on a laptop: Import sits beside the search box, not under it.
  const tools = page.getByRole('toolbar', { name: 'Work order list tools' });
  const middleOf = async (control: ReturnType<Page['getByRole']>) => {
    const box = await control.boundingBox();
    if (!box) throw new Error('a list tool is not on screen');
    return box.y + box.height / 2;
  };
  await expect
    .poll(async () => Math.abs((await middleOf(tools.getByRole('button', { name: 'Import…' }))) - (await middleOf(tools.getByRole('searchbox', { name: 'Search work orders' })))))
    .toBeLessThan(4);
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('zzqx');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('empty-light-1280.png') });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const views = page.getByRole('navigation', { name: 'Work order views' });
  await views.getByRole('button', { name: /^In flight \d+$/ }).click();
  await expect(page.getByRole('grid', { name: 'Work orders: In flight' })).toHaveAttribute('aria-rowcount', String((await badge(views, 'In flight')) + 1));
  await page.screenshot({ path: testInfo.outputPath('in-flight-light-1280.png') });

  // Beside an open order no tool is cut off under the order, at 1280 px or at 1024 (they wrap, the
  // sort, map, Import and Export together), and the search keeps room for its placeholder.
  await page.getByRole('grid', { name: 'Work orders: In flight' }).getByRole('row').nth(1).getByRole('gridcell').nth(1).click();
  const panel = page.getByRole('complementary', { name: /^Work order \d+$/ });
  await expect(panel).toBeVisible();
  const search = tools.getByRole('searchbox', { name: 'Search work orders' });
  const rightOf = async (control: ReturnType<Page['getByRole']>) => {
    const box = await control.boundingBox();
    return box ? box.x + box.width : Infinity;
  };
  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 760 });
    const panelLeft = (await panel.boundingBox())?.x ?? 0;
    for (const tool of [search, tools.getByRole('button', { name: 'Import…' }), tools.getByRole('button', { name: 'Export' })]) {
      await expect.poll(() => rightOf(tool)).toBeLessThanOrEqual(panelLeft);
    }
    expect((await search.boundingBox())?.width).toBeGreaterThanOrEqual(104);
    await page.screenshot({ path: testInfo.outputPath(`tools-beside-an-order-light-${width}.png`) });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: testInfo.outputPath(`tools-beside-an-order-dark-${width}.png`) });
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test('filters combine: a client, a manager and a schedule range, counted on the Filters button', async ({ page, webHost }) => {
  const { grid } = await openList(page, webHost.url);
  const all = Number(await grid.getAttribute('aria-rowcount'));
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: 'Brightline Retail Group' });
  await expect(grid).not.toHaveAttribute('aria-rowcount', String(all));
  const byClient = Number(await grid.getAttribute('aria-rowcount'));

  await page.getByRole('button', { name: 'More filters' }).click();
  const panel = page.getByRole('dialog', { name: 'More filters' });
  const manager = panel.getByRole('combobox', { name: 'Manager' });
  await expect(manager.getByRole('option')).not.toHaveCount(1);
  await manager.selectOption({ index: 1 });
  await expect(page.getByRole('button', { name: 'More filters, 1 set' })).toBeVisible();
  // The list shows exactly what the cache holds for both filters together.
  const managerId = Number(await manager.inputValue());
  const both = await callHost<{ total: number }>(webHost, 'workorders:list', { client: 501, manager: managerId, per_page: 1 });
  expect(both.total).toBeLessThanOrEqual(byClient - 1);
  await expect(grid).toHaveAttribute('aria-rowcount', String(both.total + 1));

  // A range that ends before any seeded order starts leaves none, and the empty state says the filters hide them.
  await panel.getByLabel('Starts until').fill('2001-01-01');
  await expect(page.getByRole('button', { name: 'More filters, 2 set' })).toBeVisible();
  await expect(page.getByText(/^Filters hide \d+ orders?$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(grid).toHaveAttribute('aria-rowcount', String(all));
});
