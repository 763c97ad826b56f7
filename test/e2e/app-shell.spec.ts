import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

// The reload test below proves the theme was stored only if the system scheme is not dark too.
test.use({ colorScheme: 'light' });

const NOT_CONNECTED = 'Not connected: open the address Field Desk printed when it started.';

test('the page served by the web host shows app:info through the IPC bridge', async ({ page, webHost }, testInfo) => {
  // One socket: the one the page opens while its scripts load (public/early-socket.js), which the bridge takes over.
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).pathname));
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
  await expect(page.getByRole('note', { name: 'Environment' })).toHaveText('Local marketplace');
  expect(sockets).toEqual(['/ipc']);

  await page.screenshot({ path: testInfo.outputPath('settings.png') });
});

test('every screen of the navigation opens and says what it holds', async ({ page, webHost }, testInfo) => {
  await page.goto(webHost.url);
  // Each screen's own section, named by its heading: the content changed, not only the title.
  const screens: [link: string, section: string][] = [
    ['Work orders', 'Work orders'],
    ['Deliverables', 'Deliverables'],
    ['Locations', 'Locations'],
    ['Talent pools', 'Talent pools'],
    ['Webhooks', 'Webhooks'],
    ['Insights', 'Insights'],
    ['Outbox', 'Outbox'],
    ['Settings', 'About this installation'],
  ];
  for (const [name, section] of screens) {
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Work orders' }).click();
  await page.screenshot({ path: testInfo.outputPath('work-orders.png') });
});

test('the dark theme is chosen in settings, applied at once and kept after a reload', async ({ page, webHost }, testInfo) => {
  await page.goto(webHost.url);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Dark').check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The page applies the theme before main answers: wait for main to have stored it, then reload.
  await expect.poll(() => readStoredTheme(webHost.dataDir)).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('Dark')).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('settings-dark.png') });
});

test('a page opened without the token says how to connect instead of showing anything', async ({ page, webHost }) => {
  await page.goto(`${webHost.origin}/#/settings`);
  await expect(page.getByRole('status', { name: 'Connection to Field Desk' })).toHaveText(NOT_CONNECTED);
  // The calls fail at once, so the frame has finished loading when the error shows.
  await expect(page.getByTestId('app-error')).toContainText('IPC_NOT_CONNECTED');
  await expect(page.getByTestId('app-info')).toHaveCount(0);
});

test('a page holding a stale token (the host restarted) says how to connect, not "reconnecting"', async ({ page, webHost }, testInfo) => {
  await page.goto(`${webHost.origin}/#token=not-this-launch-token`);
  await expect(page.getByRole('status', { name: 'Connection to Field Desk' })).toHaveText(NOT_CONNECTED);
  await expect(page.getByTestId('app-error')).toContainText('IPC_NOT_CONNECTED');
  await page.screenshot({ path: testInfo.outputPath('stale-token.png') });
});

test('when the web host goes away the page says the connection is lost', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await expect(page.getByTestId('sidebar-version')).toContainText('Version');
  await webHost.stop();
  await expect(page.getByRole('status', { name: 'Connection to Field Desk' })).toHaveText('Connection to Field Desk lost. Reconnecting…');
});

function readStoredTheme(dataDir: string): unknown {
  try {
    return (JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')) as { theme?: unknown }).theme;
  } catch {
    return undefined;
  }
}
