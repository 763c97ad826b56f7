import * as XLSX from '@e965/xlsx';
import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// Bulk import (issue 17, item 7): a CSV of five rows picked through the file input, one row
// invalid and shown with its error, one column matched by hand; the four valid rows become four
// drafts on the marketplace. The same file dropped on the list opens the flow with the mapping remembered.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

interface MarketOrder {
  id: number;
  title: string;
  status: { name: string };
  incident_id?: string | null;
  types_of_work?: { id: number }[] | null;
  pay?: { type?: string; base?: { amount?: number } } | null;
  location?: { city?: string; state?: string } | null;
}

const RUN = `Imported ${Date.now().toString(36)}`;
const CSV = [
  'Job title,Type of work,Scheduled start,Address,City,State,Zip,Pay,Internal ref',
  `${RUN} register swap,Point of Sale (POS),2026-12-01 09:00,1 N State St,Chicago,IL,60601,$150,REF-1`,
  `${RUN} printer fix,Printer,12/2/2026 1:30 PM,1701 Wynkoop St,Denver,CO,80202,95.50,REF-2`,
  ',Networking,2026-12-03 10:00,500 Congress Ave,Austin,TX,73301,120,REF-3',
  `${RUN} rack install,Networking,2026-12-04 08:00,600 Congress Ave,Austin,TX,73301,300,REF-4`,
  `${RUN} site survey,General Tasks,2026-12-05 11:00,1 City Hall Sq,Boston,MA,02108,80,REF-5`,
].join('\n');
const FILE = { name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) };

async function openApp(page: Page, host: WebHostProcess) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-light.png`) });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath(`${name}-dark.png`) });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function marketOrdersOfRun(host: WebHostProcess): Promise<MarketOrder[]> {
  const page = await marketplaceRest<{ results: MarketOrder[] }>(host, 'GET', `workorders?list=workorders_all&per_page=100&f_search=${encodeURIComponent(RUN)}`);
  return page.results.filter((order) => order.title.startsWith(RUN));
}

test('a picked CSV: columns matched (one by hand), the invalid row shown with its error, four drafts made on the marketplace', async ({ page, webHost }) => {
  await openApp(page, webHost);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Work order list tools' }).getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles(FILE);

  const dialog = page.getByRole('dialog', { name: 'Match the columns: jobs.csv' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Job field for “Job title”' })).toHaveValue('title');
  await expect(dialog.getByRole('combobox', { name: 'Job field for “Scheduled start”' })).toHaveValue('start');
  await expect(dialog.getByRole('combobox', { name: 'Job field for “Pay”' })).toHaveValue('payAmount');
  const reference = dialog.getByRole('combobox', { name: 'Job field for “Internal ref”' });
  await expect(reference).toHaveValue('ignore');
  await reference.selectOption({ label: 'Incident id' });
  await dialog.getByRole('button', { name: 'Preview 5 rows' }).click();

  const preview = page.getByRole('dialog', { name: 'Check the drafts: jobs.csv' });
  await expect(preview.getByRole('status')).toHaveText('5 rows: 4 valid, 1 with problems');
  await preview.getByRole('checkbox', { name: 'Only rows with problems' }).check();
  const rows = preview.getByRole('table', { name: 'Drafts to import' }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Title: Required');
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('4');
  await shoot(page, 'import-preview');
  // Offline ("Work offline", switched through main as the status area switches it): the drafts are queued and wait, and the dialog says so.
  await callHost(webHost, 'connectivity:set-offline', { offline: true });
  await preview.getByRole('button', { name: 'Import 4 drafts' }).click();
  const importing = page.getByRole('dialog', { name: 'Importing drafts: jobs.csv' });
  await expect(importing.getByRole('progressbar', { name: 'Drafts reaching the marketplace' })).toHaveAttribute('aria-valuetext', '0 of 4 answered by the marketplace');
  await expect(importing.getByText('Offline: all 4 are queued as drafts and are sent when the marketplace can be reached.')).toBeVisible();
  await callHost(webHost, 'connectivity:set-offline', { offline: false });

  const report = page.getByRole('dialog', { name: 'Import report: jobs.csv' });
  await expect(report.getByRole('heading', { name: 'Created (4)' })).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole('region', { name: 'Skipped' })).toContainText('Row 4: Title: Required');
  await expect(report.getByRole('heading', { name: 'Refused by the marketplace (0)' })).toBeVisible();
  await shoot(page, 'import-report');

  // Exactly four drafts, with what their rows said, on the marketplace itself.
  const orders = await until(() => marketOrdersOfRun(webHost), (found) => found.length >= 4, 'the four drafts on the marketplace', 20_000, 150);
  expect(orders.map((order) => order.title).sort()).toEqual([`${RUN} printer fix`, `${RUN} rack install`, `${RUN} register swap`, `${RUN} site survey`]);
  expect(orders.every((order) => order.status.name === 'Draft')).toBe(true);
  const swap = await marketplaceRest<MarketOrder>(webHost, 'GET', `workorders/${orders.find((order) => order.title.endsWith('register swap'))?.id}`);
  expect(swap).toMatchObject({ incident_id: 'REF-1', types_of_work: [{ id: 62 }], pay: { type: 'fixed', base: { amount: 150 } }, location: { city: 'Chicago', state: 'IL' } });

  // A created order opens from the report.
  const first = report.getByRole('button', { name: /^Open #\d+$/ }).first();
  const id = ((await first.textContent()) ?? '').replace('Open #', '');
  await first.click();
  await expect(report).toBeHidden();
  await expect(page.getByRole('complementary', { name: `Work order ${id}` })).toBeVisible();
});

test('Import… from the palette; a CSV dropped on the list opens the same flow, with the last mapping remembered', async ({ page, webHost }) => {
  await openApp(page, webHost);
  // The first import, picked from the palette, remembers the mapping (here: the reference column as the incident id).
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Find a command or a work order' }).fill('import');
  await expect(palette.getByRole('option', { name: /Import jobs from a CSV or xlsx file/ })).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(FILE);
  const mapping = page.getByRole('dialog', { name: 'Match the columns: jobs.csv' });
  await mapping.getByRole('combobox', { name: 'Job field for “Internal ref”' }).selectOption({ label: 'Incident id' });
  await mapping.getByRole('button', { name: 'Preview 5 rows' }).click();
  const preview = page.getByRole('dialog', { name: 'Check the drafts: jobs.csv' });
  await expect(preview.getByRole('status')).toHaveText('5 rows: 4 valid, 1 with problems');
  // The step's first control has the focus, so Escape closes the dialog (not the list behind it).
  await expect(preview.getByRole('checkbox', { name: 'Only rows with problems' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  const dataTransfer = await page.evaluateHandle((csv) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([csv], 'dropped.csv', { type: 'text/csv' }));
    return transfer;
  }, CSV);
  const grid = page.getByRole('grid', { name: /^Work orders/ });
  await grid.dispatchEvent('dragover', { dataTransfer });
  await grid.dispatchEvent('drop', { dataTransfer });
  const dropped = page.getByRole('dialog', { name: 'Match the columns: dropped.csv' });
  await expect(dropped).toBeVisible();
  await expect(dropped.getByRole('combobox', { name: 'Job field for “Internal ref”' })).toHaveValue('incidentId');
  await page.keyboard.press('Escape');
  await expect(dropped).toBeHidden();
});

// Limits (issue 22 item 3): a small xlsx with one 30 MB cell froze the page for 11.6 s. Each file
// below is refused with its sentence; the workbooks are read in a worker while the page keeps
// answering, and Cancel ends the worker.
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook whose one Description cell holds `size` characters (SheetJS will not write a cell over 32,767, so its sheet's XML is edited). */
function workbookWithCell(size: number): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Job title', 'Description'], ['Job', 'CELL']]), 'Jobs');
  const zipped = XLSX.CFB.read(new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer), { type: 'array' });
  const sheet = zipped.FileIndex[zipped.FullPaths.findIndex((path: string) => path.endsWith('sheet1.xml'))] as { content: Uint8Array };
  sheet.content = Buffer.from(Buffer.from(sheet.content).toString('utf8').replace('CELL<', `${'x'.repeat(size)}<`));
  return Buffer.from(XLSX.CFB.write(zipped, { type: 'buffer', fileType: 'zip', compression: true }) as Uint8Array);
}

interface PageWatch {
  longTasks: number[];
  frames: number;
  running: boolean;
}

/** In the page: every long task, and frames drawn, from now on. */
function watchThePage(): void {
  const watch: PageWatch = { longTasks: [], frames: 0, running: true };
  new PerformanceObserver((list) => list.getEntries().forEach((entry) => watch.longTasks.push(entry.duration))).observe({ type: 'longtask' });
  const frame = () => {
    watch.frames += 1;
    if (watch.running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  (window as unknown as { pageWatch: PageWatch }).pageWatch = watch;
}

test('files over the limits are refused with their sentence, the page answering while a workbook is read; a formula-looking cell is flagged', async ({ page, webHost }) => {
  const hugeCell = workbookWithCell(30 * 1024 * 1024);
  expect(hugeCell.byteLength).toBeLessThan(1024 * 1024);
  await openApp(page, webHost);
  await page.evaluate(watchThePage);
  const reader = page.waitForEvent('worker');
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Work order list tools' }).getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles({ name: 'huge-cell.xlsx', mimeType: XLSX_TYPE, buffer: hugeCell });
  // The workbook is read by a worker the app serves itself (the CSP allows no blob: or data: worker).
  const workerUrl = (await reader).url();
  expect(workerUrl.startsWith(new URL('/assets/xlsx-worker-', webHost.url).href) && workerUrl.endsWith('.js')).toBe(true);

  const refused = page.getByRole('dialog', { name: 'Cannot import huge-cell.xlsx' });
  await expect(refused.getByRole('alert')).toHaveText('“huge-cell.xlsx” has a cell longer than 32,767 characters, in row 2, column B (“Description”): a cell can hold at most 32,767, as in Excel.', { timeout: 30_000 });
  const watched = await page.evaluate(() => {
    const watch = (window as unknown as { pageWatch: PageWatch }).pageWatch;
    watch.running = false;
    return watch;
  });
  // The page was frozen for the whole read (11.6 s for this file); now it never is. How short its
  // tasks are (100 ms at most) is the bench's to measure (import-in-chromium): here the other test
  // worker shares the machine, and any task may be slowed.
  expect(Math.max(0, ...watched.longTasks)).toBeLessThan(2_000);
  // About 60 a second while the workbook is read (it takes seconds); a page held up draws none.
  expect(watched.frames).toBeGreaterThan(20);
  await shoot(page, 'import-refused');

  // Over 20 MiB, dropped on the list: refused before it is read (made in the page, so the test does not ship 21 MiB to it).
  await refused.getByRole('button', { name: 'Close' }).click();
  await expect(refused).toBeHidden();
  const tooBig = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(21 * 1024 * 1024)], 'too-big.csv', { type: 'text/csv' }));
    return transfer;
  });
  await page.getByRole('grid', { name: /^Work orders/ }).dispatchEvent('drop', { dataTransfer: tooBig });
  await expect(page.getByRole('dialog', { name: 'Cannot import too-big.csv' }).getByRole('alert')).toHaveText('“too-big.csv” is 21 MiB: a file to import can be at most 20 MiB. Split it into smaller files.');

  // The next files from the same dialog: over 50,000 rows; then the workbook again, cancelled while it is read.
  const another = async (name: string, buffer: Buffer) => {
    chooser = page.waitForEvent('filechooser');
    await page.getByRole('dialog', { name: /^Cannot import / }).getByRole('button', { name: 'Choose another file…' }).click();
    await (await chooser).setFiles({ name, mimeType: name.endsWith('.csv') ? 'text/csv' : XLSX_TYPE, buffer });
  };
  await another('many-rows.csv', Buffer.from(`Job title,Pay\n${'Fix,1\n'.repeat(50_001)}`));
  await expect(page.getByRole('dialog', { name: 'Cannot import many-rows.csv' }).getByRole('alert')).toHaveText('“many-rows.csv” has more than 50,000 rows: a file to import can have at most 50,000. Split it into smaller files.');
  const again = page.waitForEvent('worker');
  await another('huge-cell.xlsx', hugeCell);
  const worker = await again;
  const ended = new Promise<void>((resolve) => worker.once('close', () => resolve()));
  const reading = page.getByRole('dialog', { name: 'Reading huge-cell.xlsx' });
  await expect(reading.getByRole('status')).toHaveText('Reading “huge-cell.xlsx”…');
  await reading.getByRole('button', { name: 'Cancel' }).click();
  await expect(reading).toBeHidden();
  await ended;
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A cell that starts like a formula is marked on its row; a phone number with its + is not.
  const formulas = ['Job title,Type of work,Scheduled start,Address,City,State,Zip,Pay,Phone', '"=HYPERLINK(""http://example.com"",""Swap"")",Printer,2026-12-01 09:00,1 N State St,Chicago,IL,60601,150,+1 555 010 0199', 'Printer fix,Printer,2026-12-02 09:00,1 N State St,Chicago,IL,60601,95,+1 555 010 0198'].join('\n');
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Work order list tools' }).getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles({ name: 'formulas.csv', mimeType: 'text/csv', buffer: Buffer.from(formulas) });
  await page.getByRole('dialog', { name: 'Match the columns: formulas.csv' }).getByRole('button', { name: 'Preview 2 rows' }).click();
  const preview = page.getByRole('dialog', { name: 'Check the drafts: formulas.csv' });
  await expect(preview.getByText('1 row has a cell that starts like a spreadsheet formula')).toBeVisible();
  const rows = preview.getByRole('table', { name: 'Drafts to import' }).getByRole('row');
  await expect(rows.nth(1).getByRole('cell', { name: /Title looks like a spreadsheet formula: imported as text\./ })).toBeVisible();
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('=HYPERLINK("http://example.com","Swap")');
  await expect(rows.nth(2)).not.toContainText('formula');
  await shoot(page, 'import-formula');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
});
