import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { demoPhoto } from '../../src-main/local-marketplace/seed/photos';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// Export (issue 28, part 4) in browser mode: the list as the view filters it, downloaded as CSV and
// read back with the same rows in the same order (a title that starts like a formula escaped); an
// Insights table as CSV; a deliverables folder as a zip whose entries are the folder's files.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

const CLIENT = 'Brightline Retail Group';
const FORMULA_TITLE = '=HYPERLINK("https://example.test","Site survey")';
/** Assigned, checked in (seed): its provider can upload deliverables. */
const DELIVERABLE_ORDER = 10021;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

function parseCsv(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF'), 'a byte order mark for Excel').toBe(true);
  const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

/** Every data row of the virtual grid, top to bottom, read by scrolling it through: [id, title, location, client, provider, pay]. */
async function rowsOfGrid(grid: Locator): Promise<string[][]> {
  const viewport = grid.getByRole('rowgroup');
  const seen = new Map<number, string[]>();
  await viewport.evaluate((element) => (element.scrollTop = 0));
  for (let pass = 0; pass < 200; pass += 1) {
    const rows = await viewport.getByRole('row').evaluateAll((elements) =>
      elements.map((row) => {
        const cells = [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (cell as HTMLElement).innerText.trim());
        const title = row.querySelector('[data-testid="row-title"]')?.textContent ?? '';
        return { index: Number(row.getAttribute('aria-rowindex')), cells: [cells[1] ?? '', title, cells[5] ?? '', cells[6] ?? '', cells[7] ?? '', cells[8] ?? ''] };
      }),
    );
    for (const row of rows) seen.set(row.index, row.cells);
    const atEnd = await viewport.evaluate((element) => {
      const end = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
      element.scrollTop += element.clientHeight - 50;
      return end;
    });
    if (atEnd) break;
  }
  return [...seen].sort(([a], [b]) => a - b).map(([, cells]) => cells);
}

test('the filtered list downloads as CSV with the same rows in the same order, a formula-like title escaped', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await expect(grid.getByRole('row', { name: /\b10001 POS terminal install/ })).toBeVisible({ timeout: 30_000 });

  // A filter: one client's orders, sorted by title so the order of the file is the view's, not the cache's.
  await page.getByRole('combobox', { name: 'Client' }).selectOption({ label: CLIENT });
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title' });
  const rowCount = async () => Number(await grid.getAttribute('aria-rowcount')) - 1;
  await expect.poll(rowCount).toBeGreaterThan(1);

  // An order of that client whose title a spreadsheet would run as a formula.
  const firstId = Number(await grid.getByRole('rowgroup').getByRole('row').first().getByRole('gridcell').nth(1).innerText());
  await callHost(webHost, 'workorders:update', { id: firstId, changes: { title: FORMULA_TITLE } });
  await expect(grid.getByRole('row', { name: new RegExp(`\\b${firstId} `) }).getByTestId('row-title')).toHaveText(FORMULA_TITLE);

  const shown = await rowsOfGrid(grid);
  expect(shown).toHaveLength(await rowCount());

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const menu = page.getByRole('menu', { name: 'Export the list' });
  await expect(menu.getByRole('menuitem', { name: /^CSV/ })).toBeVisible();
  await expect(menu).toContainText(`${shown.length} orders`);
  await shoot(page, 'export-menu');
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: /^CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^work-orders-all-\d{4}-\d{2}-\d{2}\.csv$/);
  await expect(page.getByRole('region', { name: 'Notifications' }).filter({ hasText: `Exported ${shown.length} orders` })).toBeVisible();

  const [headings, ...rows] = parseCsv(await downloaded(download));
  expect(headings).toEqual(['ID', 'Title', 'Status', 'Starts (local)', 'Location', 'Client', 'Provider', 'Pay']);
  const dash = (cell: string | undefined) => (cell === '' || cell === undefined ? '—' : cell);
  // Same rows, same order; the columns as the row shows them ("—" on screen for nothing).
  expect(rows.map((row) => [row[0], row[1], dash(row[4]), dash(row[5]), dash(row[6]), dash(row[7])])).toEqual(
    shown.map(([id, title, ...rest]) => [id, title === FORMULA_TITLE ? `'${FORMULA_TITLE}` : title, ...rest]),
  );
  expect(rows.find((row) => row[0] === String(firstId))?.[1]).toBe(`'${FORMULA_TITLE}`);
  expect(rows.every((row) => row[5] === CLIENT)).toBe(true);

  // The same list as a workbook, from the palette.
  await page.keyboard.press('Control+k');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox', { name: 'Find a command or a work order' }).fill('Export the list to Excel');
  const [workbook] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = XLSX.read(await downloaded(workbook), { type: 'buffer' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  const cells = XLSX.utils.sheet_to_json<string[]>(sheet as XLSX.WorkSheet, { header: 1, raw: false });
  expect(cells.slice(1).map((row) => row[0])).toEqual(rows.map((row) => row[0]));
  expect(cells.slice(1).find((row) => row[0] === String(firstId))?.[1]).toBe(`'${FORMULA_TITLE}`);
});

test('an Insights table downloads as the CSV of what it shows', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Insights' }).click();
  const figure = page.getByRole('region', { name: 'Insights' }).getByRole('region', { name: 'Pay committed by client' });
  await figure.getByRole('button', { name: 'Show as table: Pay committed by client' }).click();
  const table = figure.getByRole('table', { name: 'Pay committed by client' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const shown = await table.getByRole('row').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())));

  const [download] = await Promise.all([page.waitForEvent('download'), figure.getByRole('button', { name: 'Export CSV: Pay committed by client' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^insights-pay-committed-by-client-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(parseCsv(await downloaded(download))).toEqual(shown);
  await shoot(page, 'export-insights');
});

test('a deliverables folder downloads as a zip of its files', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  const { origin } = await localMarketplace(webHost);
  const order = await marketplaceRest<{ assignee: { user: { id: number } } }>(webHost, 'GET', `workorders/${DELIVERABLE_ORDER}`);
  const names = ['panel-before.png', 'panel-after.png'];
  for (const [index, name] of names.entries()) {
    const answer = await page.request.post(`${origin}/__local/simulate/upload`, {
      data: { work_order_id: DELIVERABLE_ORDER, provider_id: order.assignee.user.id, name, mime: 'image/png', content_base64: demoPhoto(700 + index).toString('base64') },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }
  await callHost(webHost, 'sync:now');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deliverables' }).click();
  const screen = page.getByRole('region', { name: 'Deliverables review' });
  await expect(screen.getByRole('list', { name: 'Deliverables waiting for review' }).getByRole('button', { name: /panel-after\.png/ })).toBeVisible({ timeout: 30_000 });
  await screen.getByRole('list', { name: 'Deliverables waiting for review' }).getByRole('button', { name: /panel-after\.png/ }).click();

  const summary = screen.getByRole('complementary', { name: 'Work order summary' });
  // The accessible name starts with the visible text (WCAG 2.5.3), then says which folder.
  const zipButton = summary.getByRole('button', { name: new RegExp(`^Download folder as zip of #${DELIVERABLE_ORDER}’s `) });
  const [download] = await Promise.all([page.waitForEvent('download'), zipButton.click()]);
  expect(download.suggestedFilename()).toBe(`WO ${DELIVERABLE_ORDER} Deliverables.zip`);
  const index = XLSX.CFB.read(await downloaded(download), { type: 'buffer' }).FileIndex as { name: string; type: number; content: Uint8Array }[];
  const entries = index.filter((entry) => entry.type === 2).map((entry) => entry.name);
  for (const name of names) expect(entries).toContain(name);
  const after = index.find((entry) => entry.name === 'panel-after.png');
  expect(Buffer.from(after?.content as Uint8Array).equals(demoPhoto(701))).toBe(true);
  await expect(page.getByRole('region', { name: 'Notifications' }).filter({ hasText: `Saved WO ${DELIVERABLE_ORDER} Deliverables.zip` })).toBeVisible();
  await shoot(page, 'export-deliverables');
});

test('offline, a folder whose files were never opened here says which it could not zip', async ({ page, webHost }) => {
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  // Before the review screen opens: it would fetch its first previews.
  await page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' }).check();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deliverables' }).click();
  const screen = page.getByRole('region', { name: 'Deliverables review' });
  const first = screen.getByRole('list', { name: 'Deliverables waiting for review' }).getByRole('button').first();
  await expect(first).toHaveAttribute('aria-current', 'true');
  const name = /[\w-]+\.png/.exec((await first.textContent()) ?? '')?.[0] ?? 'no file';
  await screen.getByRole('complementary', { name: 'Work order summary' }).getByRole('button', { name: /^Download folder as zip of #\d+’s / }).click();
  const toast = page.getByRole('region', { name: 'Notifications' }).filter({ hasText: 'No file of that folder could be zipped' });
  await expect(toast).toContainText(name);
  await expect(toast).toContainText('cannot be reached');
});
