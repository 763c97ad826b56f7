import type { Locator, Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';
import { axeFindings } from './support/axe';
import { openOrder, openWorkspace } from './support/workspace';

// Issue 24, items 3 and 4: Needs attention is a triage queue (grouped by kind, most urgent first,
// files waiting left to Deliverables), an order says why it is there with its fixes beside it,
// and the risky actions are safe (the primary button is the next step forward; approving shows
// what it pays and what it passes over; unassigning and reviewing a file can be undone).
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

/** Work done, its Deliverables folder short of files (seed: simulation/demo-deliverables.ts). */
const SHORT_OF_FILES = 10030;

const GROUPS = ['Running late', 'At risk', 'Not confirmed', 'Open problem', 'Requests waiting'];

async function openTriage(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Work order views' }).getByRole('button', { name: /^Needs attention \d+$/ }).click();
  const grid = page.getByRole('grid', { name: 'Work orders: Needs attention' });
  await expect(grid.getByRole('heading').first()).toBeVisible();
  return grid;
}

/** The first order listed under a group's heading, by its id. */
async function firstOf(grid: Locator, group: string): Promise<number> {
  const places = await grid.locator('[role="row"][aria-rowindex]').evaluateAll((rows, name) => {
    const index = rows.findIndex((row) => row.querySelector('[role="heading"]')?.textContent === name);
    return index < 0 ? undefined : (rows[index + 1]?.textContent ?? '');
  }, group);
  const id = Number(/\b(\d{5})\b/.exec(places ?? '')?.[1]);
  expect(id, `an order under ${group}`).toBeGreaterThan(0);
  return id;
}

test('Needs attention is a triage queue: grouped by kind, most urgent first, no order there for files alone', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  const grid = await openTriage(page);
  const headings = await grid.getByRole('heading').allTextContents();
  expect(headings.length).toBeGreaterThan(1);
  // In the order of urgency, each once.
  expect(headings).toEqual(GROUPS.filter((group) => headings.includes(group)));
  expect(headings[0]).toBe('Running late');
  // Files waiting have their own screen: no group for them.
  expect(headings).not.toContain('Deliverables waiting');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('urgency');

  // The late order says why at the top, with its fixes beside it.
  const late = await firstOf(grid, 'Running late');
  await grid.getByRole('row', { name: new RegExp(`\\b${late}\\b`) }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${late}` });
  const banner = panel.getByRole('region', { name: 'Why this order needs attention' });
  await expect(banner).toContainText(/Running late: (due .+ [A-Z]{2,5}, nobody checked in|the provider says they are delayed)/);
  for (const fix of ['Message the provider', 'Reschedule…', 'Reassign…']) await expect(banner.getByRole('button', { name: fix })).toBeVisible();
  await banner.getByRole('button', { name: 'Message the provider' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await banner.getByRole('button', { name: 'Reassign…' }).click();
  await expect(page.getByRole('dialog', { name: `Reassign: #${late}` })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('an open problem is resolved from its reason banner, through the outbox, and its reason goes', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  const grid = await openTriage(page);
  const id = await firstOf(grid, 'Open problem');
  await grid.getByRole('row', { name: new RegExp(`\\b${id}\\b`) }).click();
  const panel = page.getByRole('complementary', { name: `Work order ${id}` });
  const banner = panel.getByRole('region', { name: 'Why this order needs attention' });
  await expect(banner).toContainText('Open problem:');
  await banner.getByRole('button', { name: 'Resolve the problem' }).click();
  // Resolved on screen at once, then on the marketplace.
  await expect(panel.getByRole('region', { name: 'Problems' }).getByText('Open', { exact: true })).toHaveCount(0);
  await expect(panel.getByText(/^Open problem:/)).toHaveCount(0);
  await until(
    () => marketplaceRest<{ results: { resolution?: { status?: string } }[] }>(webHost, 'GET', `workorders/${id}/problems`),
    (answer) => answer.results.every((problem) => problem.resolution?.status === 'resolved'),
    `the problems of #${id} resolved on the marketplace`,
    30_000,
    100,
  );
});

test('the primary button is the next step forward; approving shows the pay and warns of missing files; unassigning can be undone', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  const primaryOf = (panel: Locator) => panel.getByRole('toolbar', { name: 'Actions on this order' }).locator('button.primary');

  // Assigned: nothing forward is the coordinator's, and Unassign is not primary.
  const assigned = await openOrder(page, 10019);
  await expect(assigned.getByRole('button', { name: 'Unassign' })).toBeVisible();
  await expect(primaryOf(assigned)).toHaveCount(0);
  await assigned.getByRole('button', { name: 'Unassign' }).click();
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications).toContainText('Unassigned #10019');
  await notifications.getByRole('button', { name: 'Undo' }).click();
  await expect(notifications).toContainText('Undone: Unassigned #10019');
  await expect(assigned.getByText(/^Assigned/).first()).toBeVisible();

  // Work done short of files: Approve is primary, and `v` shows the pay and the warning first.
  const done = await openOrder(page, SHORT_OF_FILES);
  await expect(primaryOf(done)).toHaveText('Approve');
  await done.getByRole('heading', { level: 2 }).click();
  await page.keyboard.press('v');
  const approve = page.getByRole('dialog', { name: `Approve #${SHORT_OF_FILES}` });
  await expect(approve).toContainText('Pays $1,200');
  const warning = approve.getByRole('group', { name: 'Before you approve' });
  await expect(warning).toContainText(/required files? (is|are) missing/);
  await page.keyboard.press('Escape');
  await expect(approve).toBeHidden();
  // Nothing was queued: the order is still Work Done.
  expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries).toEqual([]);
  expect((await marketplaceRest<{ status: { name: string } }>(webHost, 'GET', `workorders/${SHORT_OF_FILES}`)).status.name).toBe('Work Done');
});

test('approving an order the cache holds from its list item only warns of its missing files, offline too, from the folders its parts’ pull stored', async ({ page, webHost }) => {
  const grid = await openWorkspace(page, webHost.url);
  // The pull stored the order from its list item (its document has no folders), and its parts with
  // their folders; nothing here opens it.
  const cached = await callHost<{ complete: boolean; folders: { type: string }[] }>(webHost, 'workorders:detail', { id: SHORT_OF_FILES });
  expect(cached.complete).toBe(false);
  expect(cached.folders.map((folder) => folder.type)).toContain('slot');
  const approveFromRow = async () => {
    await page.getByRole('searchbox', { name: 'Search work orders' }).fill(String(SHORT_OF_FILES));
    await grid.getByRole('row').filter({ hasText: String(SHORT_OF_FILES) }).first().click({ button: 'right' });
    await page.getByRole('menu', { name: `Actions on #${SHORT_OF_FILES}` }).getByRole('menuitem', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: `Approve #${SHORT_OF_FILES}` });
    await expect(dialog).toContainText('Pays $1,200');
    return dialog;
  };

  const offline = page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' });
  await offline.check();
  let dialog = await approveFromRow();
  await expect(dialog.getByRole('group', { name: 'Before you approve' })).toContainText(/required files? (is|are) missing/);
  await expect(dialog.getByRole('button', { name: 'Approve anyway' })).toBeVisible();
  await dialog.screenshot({ path: test.info().outputPath('approve-offline-light.png') });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await offline.uncheck();
  dialog = await approveFromRow();
  await expect(dialog.getByRole('group', { name: 'Before you approve' })).toContainText(/required files? (is|are) missing/);
  await expect(dialog.getByRole('group', { name: 'Before you approve' })).not.toContainText('not known');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries).toEqual([]);
});

test('by keyboard alone, with the marketplace dropping every call: the order known by its list item says what its copy lacks, and approving it warns of its missing files', async ({ page, webHost }) => {
  const grid = await openWorkspace(page, webHost.url);
  const { origin } = await localMarketplace(webHost);
  expect((await page.request.post(`${origin}/__local/faults`, { data: { status: 'drop' } })).ok()).toBe(true);
  try {
    await page.keyboard.press('/');
    await page.keyboard.type(String(SHORT_OF_FILES));
    await expect(grid.getByRole('row', { name: new RegExp(`\\b${SHORT_OF_FILES}\\b`) })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: `Work order ${SHORT_OF_FILES}` });
    // The refresh cannot land: the panel says which parts its copy lacks, not that there are none.
    const overview = panel.getByRole('region', { name: 'Overview' });
    await expect(overview.getByText('The description is not in the offline copy yet.')).toBeVisible({ timeout: 45_000 });
    await expect(overview.getByText('Not in the offline copy yet', { exact: true })).toHaveCount(3);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await panel.screenshot({ path: test.info().outputPath(`list-item-only-panel-${scheme}.png`) });
      expect(await axeFindings(page, `[aria-label="Work order ${SHORT_OF_FILES}"]`), `axe on the panel (${scheme})`).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await panel.getByRole('heading', { level: 2 }).click();
    await page.keyboard.press('v');
    const dialog = page.getByRole('dialog', { name: `Approve #${SHORT_OF_FILES}` });
    await expect(dialog.getByRole('group', { name: 'Before you approve' })).toContainText(/required files? (is|are) missing/);
    await expect(dialog.getByRole('button', { name: 'Approve anyway' })).toBeFocused();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await dialog.screenshot({ path: test.info().outputPath(`approve-no-network-${scheme}.png`) });
      expect(await axeFindings(page, 'dialog[open]'), `axe on the approve dialog (${scheme})`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries).toEqual([]);
  } finally {
    await page.request.delete(`${origin}/__local/faults`);
  }
});

test('screenshots of Needs attention, a reason banner and the approve warning, light and dark', async ({ page, webHost }, testInfo) => {
  await openWorkspace(page, webHost.url);
  const grid = await openTriage(page);
  const late = await firstOf(grid, 'Running late');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: testInfo.outputPath(`needs-attention-${scheme}.png`) });
    await grid.getByRole('row', { name: new RegExp(`\\b${late}\\b`) }).click();
    await expect(page.getByRole('region', { name: 'Why this order needs attention' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`reason-banner-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  // Back to every order (g l): the approval's order waits for files only, so it is not in the queue.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('g');
  await page.keyboard.press('l');
  const done = await openOrder(page, SHORT_OF_FILES);
  await done.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: 'Approve' }).click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.getByRole('dialog', { name: `Approve #${SHORT_OF_FILES}` })).toContainText('Before you approve');
    await page.screenshot({ path: testInfo.outputPath(`approve-warning-${scheme}.png`) });
  }
});

test('reviewing a deliverable can be undone: the file comes back to the queue and the marketplace never hears of it', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Deliverables/ }).click();
  const queue = page.getByRole('region', { name: 'Deliverables review' }).getByRole('list', { name: 'Deliverables waiting for review' });
  const first = queue.getByRole('button').first();
  await expect(first).toHaveAttribute('aria-current', 'true');
  const name = (await first.getAttribute('aria-label')) ?? (await first.textContent()) ?? '';
  const count = await queue.getByRole('button').count();
  await page.keyboard.press('a');
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  await expect(notifications).toContainText(/^Approved .+ on #\d+/);
  await expect(queue.getByRole('button')).toHaveCount(count - 1);
  await notifications.getByRole('button', { name: 'Undo' }).click();
  await expect(notifications).toContainText(/Undone: Approved/);
  await expect(queue.getByRole('button')).toHaveCount(count);
  await expect(queue.getByRole('button', { name })).toBeVisible();
  expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries).toEqual([]);
});
