import { axeFindings } from './support/axe';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';
import { openOrder, openWorkspace } from './support/workspace';

// Issue 26: finding a provider beyond the pools. On a published order, "Find a provider" lists the
// providers near its site nearest first; the nearest is routed, and a provider found by id assigned,
// each found so on the marketplace.
test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'America/Chicago' });

/** A published order at a demo site (seed/work-orders.ts). */
const ORDER = 10008;
/** A demo provider (seed/providers.ts), looked up by id. */
const LOOKED_UP = 3012;

interface MarketOrder {
  status: { name: string };
  routes?: { results?: { technician?: { id?: number } }[] };
  assignee?: { user?: { id?: number } } | null;
}

test('nearby providers nearest first: the nearest routed, one looked up by id assigned, both on the marketplace', async ({ page, webHost }, info) => {
  test.setTimeout(120_000);
  await openWorkspace(page, webHost.url);
  await callHost(webHost, 'settings:update', { undoSeconds: 0 });
  const panel = await openOrder(page, ORDER);
  await panel.getByRole('button', { name: 'Find a provider' }).click();
  const dialog = page.getByRole('dialog', { name: `Find a provider for #${ORDER}` });
  await dialog.getByRole('combobox', { name: 'Within' }).selectOption('250');
  // The wider search's answer first: the dialog grows with it, and a click during that can land beside the pill.
  await expect(dialog.getByRole('status')).toContainText(' nearby within 250 mi');
  await dialog.getByRole('radio', { name: 'Nearby' }).check();
  await expect(dialog.getByRole('status')).toContainText(' nearby within 250 mi');
  const table = dialog.getByRole('table', { name: 'Providers for this order' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(rows.first()).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: info.outputPath(`find-provider-${scheme}.png`) });
    expect(await axeFindings(page, 'dialog[open]'), `serious or critical axe findings (${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  const distances = (await rows.evaluateAll((found) => found.map((row) => row.querySelectorAll('td')[0]?.textContent ?? ''))).map((text) => Number.parseFloat(text));
  expect(distances.length).toBeGreaterThan(1);
  expect(distances).toEqual([...distances].sort((left, right) => left - right));

  const nearest = rows.first();
  const nearestId = Number(/#(\d+)/.exec((await nearest.getByRole('rowheader').textContent()) ?? '')?.[1]);
  await nearest.getByRole('button', { name: /^Route to / }).click();
  await expect(dialog).toBeHidden();
  await until(() => marketplaceRest<MarketOrder>(webHost, 'GET', `workorders/${ORDER}`), (order) => (order.routes?.results ?? []).some((route) => route.technician?.id === nearestId), `#${ORDER} routed to ${nearestId}`, 30_000, 150);

  // A mouse closes it without a choice, by its button.
  await panel.getByRole('button', { name: 'Find a provider' }).click();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // One provider by id, assigned from the same dialog; an id the marketplace does not know is said so.
  await panel.getByRole('button', { name: 'Find a provider' }).click();
  await dialog.getByRole('textbox', { name: 'Provider id' }).fill('999999');
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(dialog.getByRole('alert')).toContainText('does not know');
  await dialog.getByRole('textbox', { name: 'Provider id' }).fill(String(LOOKED_UP));
  await dialog.getByRole('button', { name: 'Look up' }).click();
  const looked = table.getByRole('row').filter({ hasText: `#${LOOKED_UP} · ` });
  await expect(looked).toContainText('Looked up');
  await expect(dialog.getByRole('alert')).toBeHidden();
  await looked.getByRole('button', { name: /^Assign / }).click();
  await until(() => marketplaceRest<MarketOrder>(webHost, 'GET', `workorders/${ORDER}`), (order) => order.status.name === 'Assigned' && order.assignee?.user?.id === LOOKED_UP, `#${ORDER} assigned to ${LOOKED_UP}`, 30_000, 150);
});

test('by keyboard alone, with the marketplace dropping every call: the palette opens Find a provider, which says what it shows offline, and Close leaves nothing queued', async ({ page, webHost }, info) => {
  const grid = await openWorkspace(page, webHost.url);
  // Searched once online, so a nearby search of this order is kept for offline.
  await openOrder(page, ORDER);
  await page.getByRole('button', { name: 'Find a provider' }).click();
  const dialog = page.getByRole('dialog', { name: `Find a provider for #${ORDER}` });
  await expect(dialog.getByRole('status')).toContainText(' nearby within ');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const { origin } = await localMarketplace(webHost);
  expect((await page.request.post(`${origin}/__local/faults`, { data: { status: 'drop' } })).ok()).toBe(true);
  try {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(String(ORDER));
    await expect(grid.getByRole('row', { name: new RegExp(`\\b${ORDER}\\b`) })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox', { name: 'Find a command or a work order' }).fill('Find a provider');
    await expect(palette.getByRole('option', { name: new RegExp(`Find a provider for #${ORDER}`) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // The marketplace does not answer: the dialog says what it shows instead, and still lists the order's candidates.
    await expect(dialog.getByRole('status')).toContainText('Offline', { timeout: 45_000 });
    await expect(dialog.getByRole('table', { name: 'Providers for this order' }).getByRole('rowheader').first()).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await dialog.screenshot({ path: info.outputPath(`find-provider-offline-${scheme}.png`) });
      expect(await axeFindings(page, 'dialog[open]'), `axe on the offline dialog (${scheme})`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    // Tab to Close and press it: no choice made, nothing queued.
    const close = dialog.getByRole('button', { name: 'Close', exact: true });
    for (let tab = 0; tab < 40 && !(await close.evaluate((element) => element === document.activeElement)); tab += 1) await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries).toEqual([]);
  } finally {
    await page.request.delete(`${origin}/__local/faults`);
  }
});
