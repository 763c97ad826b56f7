import type { Page } from '@playwright/test';
import type { PayInput } from '../../src-shared/api/pay';
import { laborSum, roundMoney } from '../../src-shared/domain/pay-total';
import { formatMoney } from '../../src-renderer/lib/format';
import { periodCovering, periodLabel, periodRange } from '../../src-renderer/lib/insights-period';
import { marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// Insights (issue 17 item 6): the screen opens on the demo company's cache, and the figures of the
// "Pay committed by client" chart, read from its table, are the marketplace's own orders summed
// here over HTTP: assigned, work done and approved, with a service date in the default period.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

interface MarketOrder {
  status: { id: number };
  client?: { name?: string | null } | null;
  pay?: PayInput | null;
  schedule?: { service_window?: { start?: { utc?: string | null } | null } | null } | null;
}

const COMMITTED = new Set([3, 4, 5]);
const startOf = (order: MarketOrder) => {
  const utc = order.schedule?.service_window?.start?.utc;
  return utc ? Date.parse(`${utc.replace(' ', 'T')}Z`) : Number.NaN;
};

async function marketOrders(host: Parameters<typeof marketplaceRest>[0]): Promise<MarketOrder[]> {
  const orders: MarketOrder[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await marketplaceRest<{ results: MarketOrder[]; metadata: { pages: number } }>(host, 'GET', `workorders?list=workorders_all&per_page=100&page=${page}`);
    orders.push(...answer.results);
    if (page >= answer.metadata.pages) break;
  }
  return orders;
}

/** The screen's default period: the shortest that starts where the orders do. */
const defaultWeeks = (orders: MarketOrder[]) => periodCovering(Math.min(...orders.map(startOf).filter(Number.isFinite)));

async function expectedPayByClient(host: Parameters<typeof marketplaceRest>[0]): Promise<string[][]> {
  const orders = await marketOrders(host);
  const { from, to } = periodRange(defaultWeeks(orders));
  const byClient = new Map<string, { orders: number; amount: number }>();
  for (const order of orders) {
    const start = startOf(order);
    if (!COMMITTED.has(order.status.id) || !(start >= from && start < to)) continue;
    const name = order.client?.name ?? 'No client';
    const entry = byClient.get(name) ?? { orders: 0, amount: 0 };
    byClient.set(name, { orders: entry.orders + 1, amount: roundMoney(entry.amount + laborSum(order.pay ?? undefined)) });
  }
  return [...byClient]
    .sort(([nameA, a], [nameB, b]) => b.amount - a.amount || nameA.localeCompare(nameB))
    .map(([name, entry]) => [name, String(entry.orders), formatMoney(entry.amount)]);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The charts draw again in the dark theme's colours: after the theme lands and a frame is painted.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Insights shows the demo company’s pay committed by client, as a chart and as a table matching the marketplace', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  const screen = page.getByRole('region', { name: 'Insights' });
  // The period starts where the data does: no run of empty weeks before the first order.
  await expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue(String(defaultWeeks(await marketOrders(webHost))));
  await expect(screen.getByRole('combobox', { name: 'Period' }).locator('option:checked')).toHaveText(periodLabel(defaultWeeks(await marketOrders(webHost))));

  const figure = screen.getByRole('region', { name: 'Pay committed by client' });
  await expect(figure.getByRole('img', { name: /^Pay committed by client\. Bars: \$/ })).toBeVisible();
  await expect(screen.getByRole('img', { name: /^Work orders by status, per week\. Stacked bars: \d+ orders/ })).toBeVisible();

  // By keyboard: the toggle is a button that says what it opens.
  const toggle = figure.getByRole('button', { name: 'Show as table: Pay committed by client' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(figure.getByRole('button', { name: 'Hide table: Pay committed by client' })).toHaveAttribute('aria-expanded', 'true');
  const table = figure.getByRole('table', { name: 'Pay committed by client' });
  await expect(table.getByRole('columnheader')).toHaveText(['Client', 'Orders', 'Pay committed']);

  // The simulated providers move orders on a timer: the cache follows with its next pull.
  await expect(async () => {
    const expected = await expectedPayByClient(webHost);
    expect(expected.length).toBeGreaterThan(0);
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')));
    expect(rows).toEqual(expected);
  }).toPass({ timeout: 30_000 });

  await shoot(page, 'insights');

  // Offline, from the cache alone: a year chosen by keyboard is computed and drawn all the same.
  await page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' }).check();
  const period = screen.getByRole('combobox', { name: 'Period' });
  await period.focus();
  await page.keyboard.press('End');
  await expect(period).toHaveValue('52');
  await expect(screen.getByRole('img', { name: /^Work orders by status, per week\. Stacked bars: \d+ orders/ })).toBeVisible();
  await expect(table.locator('tbody tr').first()).toBeVisible();
});
