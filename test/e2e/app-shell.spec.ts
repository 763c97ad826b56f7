import { expect, startWebHostProcess, test } from './fixtures';

test('the page served by the web host shows app:info through the IPC bridge', async ({ page, webHost }, testInfo) => {
  await page.goto(webHost.url);

  // The token leaves the address bar once the bridge holds it.
  await expect(page).not.toHaveURL(/token=/);

  await page.getByRole('link', { name: 'Settings' }).click();
  const info = page.getByTestId('app-info');
  await expect(info).toBeVisible();
  await expect(page.getByTestId('app-version')).toHaveText(/^\d+\.\d+\.\d+/);
  await expect(page.getByTestId('app-environment')).toHaveText('local');
  await expect(page.getByTestId('app-data-dir')).toHaveText(webHost.dataDir);
  // CI runs a real keychain; elsewhere the page must still say where credentials live.
  await expect(page.getByTestId('app-credentials')).toHaveText(process.env.FIELD_DESK_REQUIRE_KEYCHAIN === '1' ? 'Stored in the system keychain' : /system keychain|this session only/);
  await expect(page.getByTestId('environment')).toHaveText('Local marketplace');

  await testInfo.attach('settings-light', { body: await page.screenshot(), contentType: 'image/png' });
  await page.screenshot({ path: testInfo.outputPath('settings.png') });
});

test('every screen of the navigation opens and says what it holds', async ({ page, webHost }, testInfo) => {
  await page.goto(webHost.url);
  const screens = ['Work orders', 'Deliverables', 'Locations', 'Talent pools', 'Webhooks', 'Insights', 'Outbox', 'Settings'];
  for (const name of screens) {
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
  }
  await page.getByRole('link', { name: 'Work orders' }).click();
  await page.screenshot({ path: testInfo.outputPath('work-orders.png') });
});

test('the dark theme is chosen in settings, applied at once and kept after a reload', async ({ page, webHost }, testInfo) => {
  await page.goto(webHost.url);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Dark')).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-dark.png') });
});

test('a page opened without the token says how to connect instead of showing anything', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/#/settings`);
  await expect(page.getByRole('status')).toHaveText('Not connected: open the address Field Desk printed when it started.');
  await expect(page.getByTestId('app-info')).toHaveCount(0);
});

test('when the web host goes away the page says the connection is lost', async ({ page }) => {
  const host = await startWebHostProcess();
  await page.goto(host.url);
  await expect(page.getByTestId('sidebar-version')).toContainText('Version');
  await host.stop();
  await expect(page.getByRole('status')).toHaveText('Connection to Field Desk lost. Reconnecting…');
});
