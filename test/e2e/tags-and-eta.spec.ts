import type { Page } from '@playwright/test';
import { until } from '../support/until';
import { marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// Tags and the technician's ETA on an order's detail: applied, removed, filtered on, and set, each
// through the outbox and found on the marketplace.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

/** Published (demo seed). */
const PUBLISHED = 10010;
/** Assigned and confirmed. */
const ASSIGNED = 10019;
/** Fits Published (valid_statuses), in the demo company's tags. */
const CANDIDATES = ['Priority', 'Client escalation', 'After hours'];

interface TagAnswer {
  results: { id: number; label: string }[];
}

async function openOrder(page: Page, host: WebHostProcess, id: number) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(id));
  await grid.getByRole('row').filter({ hasText: String(id) }).getByText(String(id), { exact: true }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${id}` });
  await expect(panel.getByText(/^Updated /)).toBeVisible({ timeout: 20_000 });
  return panel;
}

test('a tag added on the detail reaches the marketplace, filters the list, and is removed again', async ({ page, webHost }) => {
  // Opened first: the app's first sign-in starts the local marketplace.
  const panel = await openOrder(page, webHost, PUBLISHED);
  const before = await marketplaceRest<TagAnswer>(webHost, 'GET', `workorders/${PUBLISHED}/tags`);
  const label = CANDIDATES.find((candidate) => !before.results.some((tag) => tag.label === candidate));
  if (!label) throw new Error('every candidate tag is applied already');
  const tags = panel.getByRole('list', { name: 'Tags' });

  await tags.getByRole('button', { name: 'Add a tag' }).click();
  // Only tags that fit a Published order are offered: Billing review (approved, paid) is not.
  await expect(page.getByRole('menuitem', { name: 'Billing review' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: label }).click();
  await expect(tags.getByRole('listitem').filter({ hasText: label })).toBeVisible();
  await until(() => marketplaceRest<TagAnswer>(webHost, 'GET', `workorders/${PUBLISHED}/tags`), (answer) => answer.results.some((tag) => tag.label === label), `“${label}” on #${PUBLISHED}`, 20_000, 150);
  await page.screenshot({ path: test.info().outputPath('tags-light.png') });

  // The list filtered by the tag holds the order.
  await page.getByRole('button', { name: /^More filters/ }).click();
  await page.getByRole('dialog', { name: 'More filters' }).getByRole('combobox', { name: 'Tag' }).selectOption({ label });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid', { name: /^Work orders:/ }).getByRole('row').filter({ hasText: String(PUBLISHED) }).first()).toBeVisible();

  await tags.getByRole('button', { name: `Remove tag ${label}` }).click();
  await expect(tags.getByRole('listitem').filter({ hasText: label })).toHaveCount(0);
  await until(() => marketplaceRest<TagAnswer>(webHost, 'GET', `workorders/${PUBLISHED}/tags`), (answer) => !answer.results.some((tag) => tag.label === label), `“${label}” gone from #${PUBLISHED}`, 20_000, 150);
});

test('the ETA of an assigned order is set in the site’s time and reaches the marketplace', async ({ page, webHost }) => {
  const panel = await openOrder(page, webHost, ASSIGNED);
  await panel.getByRole('button', { name: 'Set ETA…' }).click();
  const dialog = page.getByRole('dialog', { name: `ETA for #${ASSIGNED}` });
  await dialog.getByRole('radio', { name: 'Arrives between' }).check();
  await dialog.getByRole('textbox', { name: 'Start', exact: true }).fill('2026-12-07T08:00');
  await dialog.getByRole('textbox', { name: 'End', exact: true }).fill('2026-12-07T07:00');
  await dialog.getByRole('button', { name: 'Set ETA' }).click();
  // The shared schema's rule, on its field: a window does not end before it starts.
  const end = dialog.getByRole('textbox', { name: 'End', exact: true });
  await expect(end).toHaveAttribute('aria-invalid', 'true');
  await expect(end).toHaveAccessibleDescription('The ETA window must not end before it starts');
  await dialog.getByRole('textbox', { name: 'End', exact: true }).fill('2026-12-07T10:00');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('eta-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await dialog.getByRole('button', { name: 'Set ETA' }).click();
  await expect(dialog).toBeHidden();
  // Shown at once from the outbox's copy, before the marketplace answers.
  await expect(panel.getByText(/set by you/)).toBeVisible();

  const eta = await until(
    () => marketplaceRest<{ mode?: string; start?: { local?: { time?: string } }; status?: { name?: string } }>(webHost, 'GET', `workorders/${ASSIGNED}/eta`),
    (answer) => answer.status?.name === 'set',
    `the ETA of #${ASSIGNED} set on the marketplace`,
    20_000,
    150,
  );
  expect(eta.mode).toBe('between');
  // Entered at the site's time, answered at the site's time.
  expect(eta.start?.local?.time?.slice(0, 5)).toBe('08:00');
});
