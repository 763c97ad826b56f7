import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// The Outbox screen: the conflict inbox (fix and send again, or discard), and the line of waiting changes.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

interface MarketOrder {
  id: number;
  title: string;
  client?: { id?: number } | null;
  status: { name: string };
}

/** A client the marketplace has never heard of: its answer is a refusal naming `client.id`. */
const UNKNOWN_CLIENT = 987654;

async function openApp(page: Page, host: WebHostProcess) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 30_000 });
}

function openOutbox(page: Page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Outbox/ }).click();
}

function onMarketplace(host: WebHostProcess, id: number, done: (order: MarketOrder) => boolean, what: string): Promise<MarketOrder> {
  return until(() => marketplaceRest<MarketOrder>(host, 'GET', `workorders/${id}`), done, `#${id} ${what} on the marketplace`, 20_000, 100);
}

const inbox = (page: Page) => page.getByRole('region', { name: /^Refused by the marketplace/ });
const nothingWaiting = (page: Page) => page.getByRole('status').filter({ hasText: 'Nothing waiting' });

test('a refused change shows in the conflict inbox in plain words with the nav badge; Edit and send again lands it', async ({ page, webHost }) => {
  test.setTimeout(60_000);
  await openApp(page, webHost);
  await callHost(webHost, 'workorders:update', { id: 10004, changes: { title: 'Survey with the right client', client: { id: UNKNOWN_CLIENT } } });
  await openOutbox(page);

  const card = inbox(page).getByRole('article');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await expect(card).toContainText('The marketplace said:');
  // In the coordinator's words: the order and the field named, no request line, no JSON.
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Edit the title and client of #10004');
  await expect(card.getByText('About: Client')).toBeVisible();
  await expect(card).not.toContainText(/HTTP \d{3}|PUT |\{"/, { useInnerText: true });
  // The request and its status are there for whoever looks closer.
  await card.getByText('Details', { exact: true }).click();
  await expect(card.getByRole('group')).toContainText(/PUT workorders\/10004, HTTP 4\d\d/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox 1 refused' })).toBeVisible();
  // The order's button opens it on the Work orders screen; the way back is the navigation.
  await card.getByRole('button', { name: /^Open the order: / }).click();
  await expect(page.getByRole('complementary', { name: 'Work order 10004' })).toBeVisible();
  await openOutbox(page);

  // Edit and send again opens the job form with what was refused, the field the marketplace named marked.
  await card.getByRole('button', { name: /^Edit and send again/ }).click();
  const form = page.getByRole('dialog', { name: 'Fix the refused edit of #10004' });
  await expect(form.getByRole('alert').first()).toContainText('The marketplace refused this change.');
  await expect(form.getByRole('textbox', { name: 'Title' })).toHaveValue('Survey with the right client');
  const client = form.getByRole('combobox', { name: 'Client' });
  await expect(client).toHaveValue(String(UNKNOWN_CLIENT));
  await expect(client).toHaveAttribute('aria-invalid', 'true');
  await client.selectOption('501');
  // Changed: the marketplace's words leave the field.
  await expect(client).not.toHaveAttribute('aria-invalid');
  await page.screenshot({ path: test.info().outputPath('outbox-light.png') });
  await form.getByRole('button', { name: 'Send again' }).click();
  await expect(form).toBeHidden();

  await onMarketplace(webHost, 10004, (order) => order.title === 'Survey with the right client' && order.client?.id === 501, 'renamed, with client 501');
  await expect(nothingWaiting(page)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox', exact: true })).toBeVisible();
});

test('a refused change discarded after the confirmation: the order is the marketplace’s again', async ({ page, webHost }) => {
  test.setTimeout(60_000);
  await openApp(page, webHost);
  // The marketplace renames the order behind the app's back; the app's change then fails on the client.
  await marketplaceRest(webHost, 'PUT', 'workorders/10005', { title: 'Renamed on the marketplace' });
  await callHost(webHost, 'workorders:update', { id: 10005, changes: { title: 'Renamed in the app', client: { id: UNKNOWN_CLIENT } } });
  await openOutbox(page);

  const card = inbox(page).getByRole('article');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('outbox-dark.png') });
  await card.getByRole('button', { name: /^Discard/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
  await expect(confirm).toContainText('Undone:');
  await page.screenshot({ path: test.info().outputPath('outbox-discard-dark.png') });
  await confirm.getByRole('button', { name: 'Discard change' }).click();
  await expect(confirm).toBeHidden();
  await expect(nothingWaiting(page)).toBeVisible({ timeout: 20_000 });
  // The keyboard stays on the screen the card left, not lost to the page.
  await expect(page.getByRole('region', { name: 'Outbox' })).toBeFocused();

  expect((await marketplaceRest<MarketOrder>(webHost, 'GET', 'workorders/10005')).title).toBe('Renamed on the marketplace');
  // The app's cache shows the marketplace's word, not the discarded title.
  await until(() => callHost<{ title: string }>(webHost, 'workorders:get', { id: 10005 }), (order) => order.title !== 'Renamed in the app', 'the discarded title gone from the cache', 20_000, 100);
});

test('while working offline three changes wait in order; switched back, they drain', async ({ page, webHost }) => {
  test.setTimeout(60_000);
  await openApp(page, webHost);
  await page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' }).check();
  for (const id of [10004, 10005, 10006]) await callHost(webHost, 'workorders:publish', { id });
  await openOutbox(page);

  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Working offline.' })).toBeVisible();
  const queue = page.getByRole('list', { name: /^Waiting to be sent/ });
  const rows = queue.getByRole('listitem');
  await expect(rows).toHaveCount(3, { timeout: 20_000 });
  for (const [index, id] of [10004, 10005, 10006].entries()) {
    await expect(rows.nth(index)).toContainText(`#${id}`);
    await expect(rows.nth(index)).toContainText('Waiting');
  }
  await page.screenshot({ path: test.info().outputPath('outbox-queue-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('outbox-queue-dark.png') });

  // The note's own switch, keyboard only.
  const offline = page.getByRole('main').getByRole('region', { name: 'Outbox' }).getByRole('switch', { name: 'Work offline' });
  await offline.focus();
  await page.keyboard.press('Space');
  await expect(nothingWaiting(page)).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: test.info().outputPath('outbox-empty-dark.png') });
  for (const id of [10004, 10005, 10006]) await onMarketplace(webHost, id, (order) => order.status.name === 'Published', 'published');
});

test('a refused ETA holds back no message to the technician: the inbox names the order, the site time with its zone, and the message lands', async ({ page, webHost }) => {
  test.setTimeout(60_000);
  await openApp(page, webHost);
  // Assigned and confirmed in Phoenix (seed): its technician's ETA, then a message.
  const ORDER = 10019;
  const { origin } = await localMarketplace(webHost);
  const fault = await page.request.post(`${origin}/__local/faults`, { data: { status: 400, path: `workorders/${ORDER}/eta`, method: 'PUT', count: 1 } });
  expect(fault.ok()).toBe(true);
  await callHost(webHost, 'connectivity:set-offline', { offline: true });
  await callHost(webHost, 'workorders:set-eta', { id: ORDER, eta: { mode: 'exact', start: { utc: '2030-01-15 15:00:00' } } });
  await callHost(webHost, 'messages:send', { workOrderId: ORDER, message: 'Ring the bell at the loading dock' });
  await callHost(webHost, 'connectivity:set-offline', { offline: false });

  await until(
    () => marketplaceRest<{ results: { message: string }[] }>(webHost, 'GET', `workorders/${ORDER}/messages`),
    (answer) => answer.results.some((message) => message.message === 'Ring the bell at the loading dock'),
    'the message on the marketplace',
    30_000,
    100,
  );
  await openOutbox(page);
  const card = inbox(page).getByRole('article');
  await expect(card).toHaveCount(1, { timeout: 20_000 });
  // 15:00 UTC in January is 08:00 in Phoenix.
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Set the ETA of #${ORDER} to Tue, Jan 15, 2030 08:00 MST`);
  await expect(page.getByText('Behind a refused change of the same order')).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.screenshot({ path: test.info().outputPath(`conflict-inbox-${scheme}.png`) });
  }
});
