import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { DEMO_CREDENTIALS } from '../../src-main/local-marketplace/seed/demo-credentials';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// The status area in the top bar: online or not, what waits in the outbox, the sync, "Work offline".
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

const row = (page: Page, id: number) => page.getByRole('grid', { name: /^Work orders:/ }).getByRole('row', { name: new RegExp(`\\b${id}\\b`) });

test('working offline holds three changes, shown as waiting; switched back, they drain to the marketplace', async ({ page, webHost }) => {
  test.setTimeout(60_000);
  await page.goto(webHost.url);
  const status = page.getByRole('group', { name: 'Sync and connection' });
  await expect(status.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced \d{1,2}:\d{2}/, { timeout: 30_000 });
  await expect(status).toContainText('Online');

  const offline = status.getByRole('switch', { name: 'Work offline' });
  await offline.check();
  await expect(status).toContainText('Working offline');
  await expect(status.getByRole('button', { name: 'Sync now' })).toBeDisabled();

  await page.getByRole('navigation', { name: 'Work order views' }).getByRole('button', { name: /^Drafts \d+$/ }).click();
  for (const id of [10004, 10005, 10006]) await row(page, id).getByRole('checkbox', { name: `Select #${id}` }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: /^Publish/ }).click();
  const report = page.getByRole('dialog', { name: 'Publish: 3 orders' });
  await expect(report).toContainText('3 waiting');
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(status.getByRole('status', { name: 'Changes waiting' })).toHaveText('3 changes waiting');
  await page.screenshot({ path: test.info().outputPath('working-offline-light.png') });
  // Nothing reached the marketplace.
  expect((await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', 'workorders/10004')).status.name).toBe('Draft');

  await offline.uncheck();
  await expect(status.getByRole('status', { name: 'Changes waiting' })).toHaveCount(0, { timeout: 20_000 });
  await expect(status).toContainText('Online');
  await until(
    async () => Promise.all([10004, 10005, 10006].map(async (id) => (await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', `workorders/${id}`)).status.name)),
    (names) => names.every((name) => name === 'Published'),
    'the three published on the marketplace',
    20_000,
    100,
  );
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('status-dark.png') });
});

test('with the marketplace dropping every call, changes wait and the app says offline; when it answers again they drain', async ({ page, webHost }) => {
  test.setTimeout(90_000);
  await page.goto(webHost.url);
  const status = page.getByRole('group', { name: 'Sync and connection' });
  await expect(status.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced \d{1,2}:\d{2}/, { timeout: 30_000 });
  const { origin } = await localMarketplace(webHost);
  // Our own reads of the marketplace go first: the fault takes every REST call after it.
  expect((await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', 'workorders/10004')).status.name).toBe('Draft');
  const armed = await page.request.post(`${origin}/__local/faults`, { data: { status: 'drop' } });
  expect(armed.ok()).toBe(true);

  // Three drafts picked by their boxes, published with the key (focus is on a box: the keys still act).
  await page.keyboard.press('g');
  await page.keyboard.press('u');
  await expect(page.getByRole('grid', { name: 'Work orders: Drafts' })).toBeVisible();
  for (const id of [10004, 10005, 10006]) await row(page, id).getByRole('checkbox', { name: `Select #${id}` }).check();
  await page.keyboard.press('p');
  const report = page.getByRole('dialog', { name: 'Publish: 3 orders' });
  await expect(report).toContainText('3 waiting');
  await page.keyboard.press('Escape');
  await expect(status).toContainText('Offline', { timeout: 30_000 });
  await expect(status.getByRole('status', { name: 'Changes waiting' })).toHaveText('3 changes waiting');
  await page.screenshot({ path: test.info().outputPath('marketplace-gone-light.png') });

  expect((await page.request.delete(`${origin}/__local/faults`)).ok()).toBe(true);
  // The app's probe finds the marketplace again by itself: no click needed.
  await expect(status.getByRole('status', { name: 'Changes waiting' })).toHaveCount(0, { timeout: 45_000 });
  await expect(status).toContainText('Online');
  for (const id of [10004, 10005, 10006]) expect((await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', `workorders/${id}`)).status.name).toBe('Published');
});

test('refused credentials: the status area and the outbox say changes wait for a sign-in; signing in sends them', async ({ page, webHost }) => {
  test.setTimeout(90_000);
  await page.goto(webHost.url);
  const status = page.getByRole('group', { name: 'Sync and connection' });
  await expect(status.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced \d{1,2}:\d{2}/, { timeout: 30_000 });
  const { clientId, clientSecret, username, password } = DEMO_CREDENTIALS;
  // Stored credentials the marketplace refuses (a password changed elsewhere); the session ends with them.
  await callHost(webHost, 'credentials:set', { environment: 'local', clientId, clientSecret, username, password: 'not-the-password' });
  await callHost(webHost, 'workorders:publish', { id: 10004 });
  await expect(status.getByRole('status', { name: 'Waiting for sign-in' })).toHaveText('1 change waits for sign-in', { timeout: 20_000 });
  // A pull would meet the same refusal: the status area offers the sign-in instead.
  await expect(status.getByRole('button', { name: 'Sync now' })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox' }).click();
  const outbox = page.getByRole('region', { name: 'Outbox' });
  await expect(outbox.getByRole('status').filter({ hasText: 'Signed out.' })).toContainText('1 change waits for you to sign in');
  await page.screenshot({ path: test.info().outputPath('outbox-signed-out-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: test.info().outputPath('outbox-signed-out-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  expect((await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', 'workorders/10004')).status.name).toBe('Draft');

  // Signing in with the same credentials is refused again: Settings is where new ones go.
  await outbox.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('The marketplace refused the client id, username or password. Enter them again in Settings.');

  // With the right ones stored, the status area's Sign in sends what waited.
  await callHost(webHost, 'credentials:set', { environment: 'local', clientId, clientSecret, username, password });
  await status.getByRole('button', { name: 'Sign in' }).click();
  await expect(status.getByRole('status', { name: 'Waiting for sign-in' })).toHaveCount(0, { timeout: 20_000 });
  await expect(status.getByRole('status', { name: 'Changes waiting' })).toHaveCount(0, { timeout: 20_000 });
  await expect(status.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await until(
    async () => (await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', 'workorders/10004')).status.name,
    (name) => name === 'Published',
    'the order published on the marketplace',
    20_000,
    100,
  );
});
