import { axeFindings } from './support/axe';
import type { Locator, Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// An order's history (issue 28): the coordinator's own changes as this machine's outbox lived them
// (queued offline, sent, applied, undone), merged with what the marketplace dates, grouped by day.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });

/** Published in the seed; a provider asks for it below, and is assigned from the request. */
const ORDER = 10011;
const PROVIDER = 3019;

interface MarketOrder {
  status: { name: string };
  assignee?: { user?: { id?: number } };
}

function onMarketplace(host: WebHostProcess, done: (order: MarketOrder) => boolean, what: string): Promise<MarketOrder> {
  return until(() => marketplaceRest<MarketOrder>(host, 'GET', `workorders/${ORDER}`), done, `#${ORDER} ${what} on the marketplace`, 30_000, 100);
}

/** The History section of the open order, reached from the panel's section nav (it is read when it comes into view). */
async function openHistory(panel: Locator): Promise<Locator> {
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'History' }).click();
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history.getByRole('heading', { name: 'History', level: 3 })).toBeFocused();
  return history;
}

/** A step of the history: one list item, its time a `<time>` element. */
const step = (history: Locator, text: string | RegExp) => history.getByRole('listitem').filter({ hasText: text });

/** Light and dark: a picture of the section each, and axe (WCAG 2.2 AA) on it, serious or critical findings failing. */
async function pictures(page: Page, history: Locator, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await history.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
    // And the panel around it: the section among the others.
    await page.getByRole('complementary', { name: /^Work order / }).screenshot({ path: test.info().outputPath(`${name}-panel-${scheme}.png`) });
    expect(await axeFindings(page, '#detail-history'), `serious or critical axe findings (${scheme} ${name})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('an assign queued offline shows in the order’s history, then its sending and landing; an Undo shows as undone', async ({ page, webHost }) => {
  // An undo window, a trip through the outbox and a second undo window, on a loaded machine.
  test.setTimeout(120_000);
  await page.goto(webHost.url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await expect(grid.getByRole('row', { name: /10001 POS terminal install/ })).toBeVisible({ timeout: 45_000 });
  // A short window keeps the test quick; the Undo below gets a longer one.
  await callHost(webHost, 'settings:update', { undoSeconds: 2 });

  // A provider asks for the order on the marketplace; opening the order fetches the request.
  const { origin } = await localMarketplace(webHost);
  const asked = await page.request.post(`${origin}/__local/simulate/request`, { data: { work_order_id: ORDER, provider_id: PROVIDER, notes: 'Free on Monday.' } });
  expect(asked.ok()).toBe(true);
  const { user } = (await asked.json()) as { user?: { first_name?: string; last_name?: string } };
  const name = `${user?.first_name} ${user?.last_name}`;
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(ORDER));
  await grid.getByRole('row', { name: new RegExp(`\\b${ORDER}\\b`) }).getByText(String(ORDER), { exact: true }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${ORDER}` });
  const request = panel.getByRole('article', { name: `Request from ${name}` });
  await expect(request).toContainText('Free on Monday.', { timeout: 30_000 });

  // Offline, the assign waits in the outbox: the history says so at once, in the coordinator's words.
  await page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' }).check();
  await request.getByRole('button', { name: `Assign ${name}` }).click();
  const history = await openHistory(panel);
  const queued = step(history, `queued “Assign to ${name}” while offline`);
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText('You');
  await expect(queued).toContainText('Outbox');
  await expect(queued.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  // The marketplace's copy is there too: the request, by the provider who made it.
  await expect(step(history, 'requested the order')).toContainText(name);
  // Grouped by day, the day named as a heading.
  await expect(history.getByRole('heading', { level: 4, name: 'Today' })).toBeVisible();
  await pictures(page, history, 'history-queued');

  // Back online: it is sent once its undo window is over, and the marketplace has it.
  await page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' }).uncheck();
  await onMarketplace(webHost, (order) => order.status.name === 'Assigned' && order.assignee?.user?.id === PROVIDER, `assigned to ${PROVIDER}`);
  await expect(step(history, 'applied it')).toContainText(`Assign to ${name}`, { timeout: 20_000 });
  // The marketplace's answer, as this machine's outbox recorded it.
  await expect(step(history, 'applied it')).toContainText('Outbox');
  await expect(step(history, 'sent it to the marketplace')).toContainText(`Assign to ${name}`);
  // Newest first: applied above sent above queued.
  const lines = await history.getByRole('listitem').allInnerTexts();
  const at = (text: string) => lines.findIndex((line) => line.includes(text));
  expect(at('applied it')).toBeLessThan(at('sent it to the marketplace'));
  expect(at('sent it to the marketplace')).toBeLessThan(at('while offline'));

  // Unassign from the palette, then Undo in its window: the history says it was undone, never sent.
  await callHost(webHost, 'settings:update', { undoSeconds: 30 });
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Find a command or a work order' }).fill('Unassign');
  await palette.getByRole('option', { name: /Unassign/ }).first().click();
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await notifications.getByRole('button', { name: 'Undo' }).click();
  await expect(notifications).toContainText(`Undone: Unassigned #${ORDER}`);
  const undone = step(history, 'undid it before it was sent');
  await expect(undone).toContainText('Unassign', { timeout: 20_000 });
  await expect(step(history, 'queued “Unassign”')).toHaveCount(1);
  // Never sent: no entry of it is left to send, and the history has no step of its sending.
  expect((await callHost<{ entries: { summary: string }[] }>(webHost, 'outbox:list')).entries.filter((entry) => /Unassign/.test(entry.summary))).toEqual([]);
  await expect(history.getByRole('listitem').filter({ hasText: 'sent it to the marketplace' }).filter({ hasText: 'Unassign' })).toHaveCount(0);
  expect((await marketplaceRest<MarketOrder>(webHost, 'GET', `workorders/${ORDER}`)).status.name).toBe('Assigned');
  // The palette brings the history back into view, its heading focused for the keyboard.
  await panel.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Overview' }).click();
  await page.keyboard.press('Control+k');
  await palette.getByRole('combobox', { name: 'Find a command or a work order' }).fill('history');
  await palette.getByRole('option', { name: `Show the history of #${ORDER}` }).click();
  await expect(history.getByRole('heading', { name: 'History', level: 3 })).toBeFocused();
  await expect(history.getByRole('heading', { name: 'History', level: 3 })).toBeInViewport();
  await pictures(page, history, 'history-undone');
});
