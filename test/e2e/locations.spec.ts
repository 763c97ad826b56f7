import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// Saved locations (issue 12, part 2): listed and searched from the cache, created with the shared
// schema's errors shown on the fields, edited and deleted through the outbox, seen on the marketplace.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 60_000 });

interface MarketLocation {
  id: number;
  name: string;
  address2?: string | null;
}

async function openLocations(page: Page, host: WebHostProcess) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced/, { timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  const table = page.getByRole('table', { name: 'Saved locations' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  return table;
}

const onMarketplace = (host: WebHostProcess, search: string, done: (found: MarketLocation[]) => boolean, what: string) =>
  until(async () => (await marketplaceRest<{ results: MarketLocation[] }>(host, 'GET', `locations?f_search=${encodeURIComponent(search)}`)).results, done, what, 20_000, 100);

test('a new location shows what it lacks on each field, then is created on the marketplace, and deleted', async ({ page, webHost }) => {
  const table = await openLocations(page, webHost);
  await page.getByRole('button', { name: 'New location' }).click();
  const editor = page.getByRole('form', { name: 'New location' });
  await editor.getByRole('button', { name: 'Create location' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Fix the marked fields first.');
  for (const field of ['Name', 'Address', 'City', 'State', 'ZIP']) await expect(editor.getByRole('textbox', { name: field, exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('location-errors-light.png') });

  await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('Riverside depot');
  await editor.getByRole('textbox', { name: 'Address', exact: true }).fill('12 River Rd');
  await editor.getByRole('textbox', { name: 'City' }).fill('Austin');
  await editor.getByRole('textbox', { name: 'State' }).fill('TX');
  await editor.getByRole('textbox', { name: 'ZIP' }).fill('78702');
  await editor.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Commercial' });
  await expect(editor.getByRole('textbox', { name: 'Name', exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await editor.getByRole('button', { name: 'Create location' }).click();
  await expect(editor).toBeHidden();
  await expect(table.getByRole('row', { name: /Riverside depot/ })).toBeVisible();
  const [made] = await onMarketplace(webHost, 'Riverside depot', (found) => found.length === 1, 'the new location on the marketplace');

  // Deleted after a confirmation: gone here and there.
  await expect(table.getByRole('row', { name: /Riverside depot/ }).getByText('Pending')).toHaveCount(0, { timeout: 20_000 });
  await table.getByRole('button', { name: 'Riverside depot' }).click();
  await page.getByRole('form', { name: 'Riverside depot' }).getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog', { name: 'Delete this location?' }).getByRole('button', { name: 'Delete location' }).click();
  await expect(table.getByRole('row', { name: /Riverside depot/ })).toHaveCount(0);
  await onMarketplace(webHost, 'Riverside depot', (found) => !found.some((location) => location.id === made?.id), 'the location deleted on the marketplace');
});

test('a saved location found by search is edited, only what changed is sent, and the marketplace has it', async ({ page, webHost }) => {
  const table = await openLocations(page, webHost);
  const all = await table.getByRole('row').count();
  const first = table.getByRole('row').nth(1).getByRole('button');
  const name = (await first.textContent())?.trim() ?? '';
  await page.getByRole('searchbox', { name: 'Search saved locations' }).fill(name);
  await expect.poll(() => table.getByRole('row').count()).toBeLessThan(all);
  await table.getByRole('button', { name, exact: true }).click();
  const editor = page.getByRole('form', { name });
  await editor.getByRole('textbox', { name: 'Address line 2' }).fill('Dock 4, rear entrance');
  // Closing with a change asks first, and so does opening another location: nothing is lost unasked.
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Keep editing' }).click();
  await page.getByRole('button', { name: 'New location' }).click();
  await page.getByRole('dialog', { name: 'Discard your changes?' }).getByRole('button', { name: 'Keep editing' }).click();
  await expect(editor.getByRole('textbox', { name: 'Address line 2' })).toHaveValue('Dock 4, rear entrance');
  await page.screenshot({ path: test.info().outputPath('location-edit-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('location-edit-dark.png') });
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor).toBeHidden();
  await onMarketplace(webHost, name, (found) => found.some((location) => location.name === name && location.address2 === 'Dock 4, rear entrance'), 'the edit on the marketplace');
});

test('a location in use shows its orders; one opens in the Work orders screen, and deleting it says who uses it', async ({ page, webHost }) => {
  const table = await openLocations(page, webHost);
  // The seed puts demo orders at saved location 701; the marketplace's own filter says which.
  const used = await marketplaceRest<{ results: { id: number; title: string }[] }>(webHost, 'GET', 'workorders?f_saved_location=701&per_page=100');
  expect(used.results.length).toBeGreaterThan(0);
  const name = 'Brightline Store #1142';
  await table.getByRole('button', { name, exact: true }).click();
  const editor = page.getByRole('form', { name });
  await expect(editor).toBeVisible();
  const count = used.results.length;
  await expect(page.getByRole('heading', { name: `Used by ${count} ${count === 1 ? 'order' : 'orders'}` })).toBeVisible();
  const orders = page.getByRole('list', { name: `Orders at ${name}` });
  await expect(orders.getByRole('listitem')).toHaveCount(count);
  const [first] = used.results;
  const order = orders.getByRole('button', { name: new RegExp(`#${first?.id}\\b`) });
  await expect(order).toContainText(first?.title ?? '');
  await page.screenshot({ path: test.info().outputPath('location-orders-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: test.info().outputPath('location-orders-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });

  // The delete confirmation says the location is in use (and is not confirmed here).
  await editor.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this location?' });
  await expect(confirm).toContainText(`${count} ${count === 1 ? 'order uses' : 'orders use'} this location.`);
  await confirm.getByRole('button', { name: 'Keep it' }).click();

  // "New job here" opens the job form with this location chosen; cancelled untouched, nothing asks.
  await editor.getByRole('button', { name: 'New job here' }).click();
  const job = page.getByRole('dialog', { name: `New job at ${name}` });
  await expect(job.getByRole('group', { name: 'Chosen saved location' })).toContainText(name);
  await job.getByRole('button', { name: 'Cancel' }).click();
  await expect(job).toBeHidden();

  // Enter on an order opens it where orders are worked: the Work orders screen, its detail open.
  await order.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/work-orders$/);
  await expect(page.getByRole('complementary', { name: `Work order ${first?.id}` })).toBeVisible();
});
