import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// Expenses on an order's detail: one added (a validation error first), shown pending while the app
// works offline, then found on the marketplace; a waiting one approved and found approved there.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 120_000 });

/** Work Done (expenses still open), with three expenses: approved, waiting (5004) and disapproved (seed/buyer-records.ts). */
const FINISHED = 10027;
const WAITING = 'Asset labels and cable tags';
const ADDED = 'Ladder rental for the ceiling run';

interface ExpenseAnswer {
  results: { id: number; description?: string; quantity?: number; amount?: number; status?: string; category?: { id?: number } }[];
}

async function openOrder(page: Page, host: WebHostProcess, id: number) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(id));
  await grid.getByRole('row').filter({ hasText: String(id) }).getByText(String(id), { exact: true }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${id}` });
  await expect(panel.getByText(/^Updated /)).toBeVisible({ timeout: 30_000 });
  return panel;
}

const expensesOf = (host: WebHostProcess) => marketplaceRest<ExpenseAnswer>(host, 'GET', `workorders/${FINISHED}/expenses`);

test('an expense is added (fixed after a validation error), shown pending, and reaches the marketplace; a waiting one is approved', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost, FINISHED);
  const section = panel.getByRole('region', { name: 'Expenses' });
  const totals = section.getByRole('definition');
  await expect(section.getByRole('row')).toHaveCount(4);
  // The seed's sums: 62 × 0.67 approved, 38.50 waiting, 14.25 disapproved.
  await expect(totals).toHaveText(['$94.29', '$41.54', '$38.50', '$14.25']);

  // Working offline, the added expense stays in the outbox: shown at once as pending.
  const offline = page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' });
  await offline.check();
  await section.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: `Add an expense to #${FINISHED}` });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(ADDED);
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Equipment Rental' });
  await dialog.getByRole('textbox', { name: 'Unit amount' }).fill('0');
  await dialog.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  // The shared schema's rule, on its field: a unit amount is more than zero.
  const amount = dialog.getByRole('textbox', { name: 'Unit amount' });
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription('Must be more than 0');
  await page.screenshot({ path: test.info().outputPath('expense-dialog-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('expense-dialog-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await amount.fill('45.5');
  await expect(dialog.getByText('Total $91', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add expense' }).click();
  await expect(dialog).toBeHidden();

  const added = section.getByRole('row').filter({ hasText: ADDED });
  await expect(added.getByText('Pending', { exact: true })).toBeVisible();
  await expect(added.getByText('Waiting', { exact: true })).toBeVisible();
  await expect(added).toContainText('$91');
  await expect(totals).toHaveText(['$185.29', '$41.54', '$129.50', '$14.25']);
  await page.screenshot({ path: test.info().outputPath('expenses-pending-light.png') });
  expect((await expensesOf(webHost)).results.some((expense) => expense.description === ADDED)).toBe(false);

  await offline.uncheck();
  const onMarketplace = await until(() => expensesOf(webHost), (answer) => answer.results.some((expense) => expense.description === ADDED), `“${ADDED}” on #${FINISHED}`, 30_000, 150);
  expect(onMarketplace.results.find((expense) => expense.description === ADDED)).toMatchObject({ quantity: 2, amount: 91, status: 'new', category: { id: 3 } });
  await expect(added.getByText('Pending', { exact: true })).toBeHidden();

  // Approve the seed's waiting one: approved at once, then on the marketplace.
  const waiting = section.getByRole('row').filter({ hasText: WAITING });
  await waiting.getByRole('button', { name: `Approve ${WAITING}`, exact: true }).click();
  await expect(waiting.getByText('Approved', { exact: true })).toBeVisible();
  // Approved now: it can be disapproved again, not approved twice.
  await expect(waiting.getByRole('button', { name: `Approve ${WAITING}`, exact: true })).toHaveCount(0);
  await until(() => expensesOf(webHost), (answer) => answer.results.some((expense) => expense.description === WAITING && expense.status === 'approved'), `“${WAITING}” approved on #${FINISHED}`, 30_000, 150);
  await expect(totals).toHaveText(['$185.29', '$80.04', '$91', '$14.25']);

  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('expenses-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('expenses-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
});

test('an expense is disapproved with a reason, edited and deleted, each on the marketplace', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost, FINISHED);
  const section = panel.getByRole('region', { name: 'Expenses' });
  const waiting = section.getByRole('row').filter({ hasText: WAITING });

  await waiting.getByRole('button', { name: `Disapprove ${WAITING}` }).click();
  const disapprove = page.getByRole('dialog', { name: 'Disapprove this expense?' });
  await disapprove.getByRole('textbox', { name: 'Reason (optional)' }).fill('Labels are in the site kit');
  await disapprove.getByRole('button', { name: 'Disapprove' }).click();
  await expect(disapprove).toBeHidden();
  await expect(waiting.getByText('Labels are in the site kit')).toBeVisible();
  await until(() => expensesOf(webHost), (answer) => answer.results.some((expense) => expense.description === WAITING && expense.status === 'disapproved'), `“${WAITING}” disapproved`, 30_000, 150);

  await waiting.getByRole('button', { name: `Edit ${WAITING}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit expense on #${FINISHED}` });
  await expect(edit.getByRole('textbox', { name: 'Unit amount' })).toHaveValue('38.5');
  await edit.getByRole('textbox', { name: 'Quantity' }).fill('3');
  await edit.getByRole('button', { name: 'Save expense' }).click();
  await expect(edit).toBeHidden();
  await until(() => expensesOf(webHost), (answer) => answer.results.some((expense) => expense.description === WAITING && expense.quantity === 3 && expense.amount === 115.5), `“${WAITING}” × 3`, 30_000, 150);
  await expect(waiting).toContainText('$115.50');

  await waiting.getByRole('button', { name: `Delete ${WAITING}` }).click();
  await page.getByRole('dialog', { name: 'Delete this expense?' }).getByRole('button', { name: 'Delete expense' }).click();
  await expect(section.getByRole('row').filter({ hasText: WAITING })).toHaveCount(0);
  await until(() => expensesOf(webHost), (answer) => !answer.results.some((expense) => expense.description === WAITING), `“${WAITING}” deleted`, 30_000, 150);
});
