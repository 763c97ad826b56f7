import type { Locator, Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';

// The job form: a new job with mistakes fixed on the way, one at a saved location found by search,
// a copy of an order, and an edit that sends only what changed. Every save lands on the marketplace.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 } });
test.describe.configure({ timeout: 90_000 });

interface MarketOrder {
  id: number;
  title: string;
  status: { name: string };
  location?: { mode?: string; id?: number; city?: string; state?: string } | null;
  schedule?: { service_window?: { mode?: string; start?: { utc?: string }; end?: { utc?: string } } } | null;
  pay?: { type?: string; base?: { amount?: number; units?: number } } | null;
  types_of_work?: { id: number }[] | null;
  client?: { id?: number } | null;
  tasks?: { results?: { description?: string }[] } | null;
  description?: { html?: string } | null;
}

async function openApp(page: Page, host: WebHostProcess) {
  await page.goto(host.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
}

/** Waits for an order with this title on the marketplace, read whole once the search finds it. */
function onMarketplace(host: WebHostProcess, title: string, done: (order: MarketOrder) => boolean = () => true): Promise<MarketOrder> {
  const find = async () => {
    const page = await marketplaceRest<{ results: MarketOrder[] }>(host, 'GET', `workorders?list=workorders_all&per_page=100&f_search=${encodeURIComponent(title)}`);
    const found = page.results.find((order) => order.title === title);
    return found ? marketplaceRest<MarketOrder>(host, 'GET', `workorders/${found.id}`) : undefined;
  };
  return until(find, (order): order is MarketOrder => order !== undefined && done(order), `“${title}” on the marketplace`, 30_000, 150) as Promise<MarketOrder>;
}

const radio = (form: Locator, group: string, name: string) => form.getByRole('radiogroup', { name: group }).getByRole('radio', { name });

test('a new job: mistakes marked as you go, fixed, saved as a draft, then published', async ({ page, webHost }) => {
  await openApp(page, webHost);
  await page.getByRole('button', { name: 'New job' }).click();
  const form = page.getByRole('dialog', { name: 'New job' });
  const title = form.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toBeFocused();

  // Nothing typed: the shared schema's verdict shows on the field, and nothing is queued.
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Required');
  await expect(form.getByRole('alert')).toHaveText('Fix the marked field first.');
  const needs = form.getByRole('list', { name: 'Publish requirements' });
  await expect(needs).toContainText('A location: missing');

  await title.fill('Replace the lobby card reader');
  await form.getByRole('textbox', { name: /^Description/ }).fill('Swap the reader by the front door.\n\n- Bring a spare\n- Test the badge');
  await form.getByRole('combobox', { name: 'Add a type of work' }).selectOption({ label: 'CCTV / Alarm Systems' });
  await radio(form, 'Where the work is', 'Address').check();
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('200 W Madison St');
  await form.getByRole('textbox', { name: 'State or province' }).fill('IL');
  await form.getByRole('textbox', { name: 'ZIP or postal code' }).fill('60606');
  await radio(form, 'When the work is', 'At a set time').check();
  await form.getByRole('textbox', { name: 'Start', exact: true }).fill('2026-12-03T09:00');
  await expect(form.getByText('Times are at the site: America/Chicago.')).toBeVisible();
  await radio(form, 'Pay type', 'Fixed').check();
  const amount = form.getByRole('textbox', { name: 'Amount ($)' });
  await amount.fill('two hundred');
  await form.getByRole('button', { name: 'Add a task' }).click();
  await form.getByRole('textbox', { name: 'Task 1' }).fill('Photograph the old reader');

  // Publishing with a city missing and pay that is no number: both are named, on their fields.
  await form.getByRole('button', { name: 'Save and publish' }).click();
  // Exact names: a field's problem describes it and is never part of its name.
  const city = form.getByRole('textbox', { name: 'City', exact: true });
  await expect(city).toHaveAccessibleDescription('Required');
  await expect(amount).toHaveAccessibleDescription('Enter a number');
  await expect(city).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('job-form-errors-light.png') });

  await city.fill('Chicago');
  await amount.fill('240');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Labour at most: $240')).toBeVisible();
  await expect(form.getByRole('heading', { name: 'Ready to publish' })).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('job-form-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form).toBeHidden();

  // The new order opens at once (a temporary id until the marketplace answers), and lands as a draft.
  await expect(page.getByRole('complementary', { name: /^Work order -?\d+$/ })).toBeVisible();
  const draft = await onMarketplace(webHost, 'Replace the lobby card reader');
  expect(draft.status.name).toBe('Draft');
  expect(draft.location).toMatchObject({ mode: 'custom', city: 'Chicago', state: 'IL' });
  // 09:00 at the site in Chicago is 15:00 UTC in December.
  expect(draft.schedule?.service_window).toMatchObject({ mode: 'exact', start: { utc: '2026-12-03 15:00:00' } });
  expect(draft.pay).toMatchObject({ type: 'fixed', base: { amount: 240 } });
  expect(draft.types_of_work?.map((type) => type.id)).toEqual([65]);
  expect(draft.tasks?.results?.[0]?.description).toBe('Photograph the old reader');
  expect(draft.description?.html).toBe('<p>Swap the reader by the front door.</p><ul><li>Bring a spare</li><li>Test the badge</li></ul>');

  const panel = page.getByRole('complementary', { name: `Work order ${draft.id}` });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await panel.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: 'Publish' }).click();
  await onMarketplace(webHost, 'Replace the lobby card reader', (order) => order.status.name === 'Published');
});

test('offline: a job at a saved location found by search, saved and published in one go, sent when back', async ({ page, webHost }) => {
  await openApp(page, webHost);
  const offline = page.getByRole('group', { name: 'Sync and connection' }).getByRole('switch', { name: 'Work offline' });
  await offline.check();
  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'New job' });
  await page.keyboard.type('Badge printer service');
  await form.getByRole('combobox', { name: 'Add a type of work' }).selectOption({ label: 'Printer' });
  await radio(form, 'Where the work is', 'Saved location').check();
  await form.getByRole('combobox', { name: 'Find a saved location' }).fill('Harborview');
  await form.getByRole('option', { name: /Harborview Outpatient Clinic/ }).click();
  await expect(form.getByRole('group', { name: 'Chosen saved location' })).toContainText('Harborview Outpatient Clinic');
  await radio(form, 'When the work is', 'Arrive within a window').check();
  await form.getByRole('textbox', { name: 'Start', exact: true }).fill('2026-12-04T08:00');
  await form.getByRole('textbox', { name: 'End', exact: true }).fill('2026-12-04T12:00');
  await radio(form, 'Pay type', 'Hourly').check();
  await form.getByRole('textbox', { name: 'Rate per hour ($)' }).fill('45');
  await form.getByRole('textbox', { name: 'Hours at most' }).fill('4');
  await expect(form.getByText('Labour at most: $180')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('job-form-saved-location-light.png') });
  await form.getByRole('button', { name: 'Save and publish' }).click();
  await expect(form).toBeHidden();

  // Offline, the order is there at once under its temporary id, waiting with its publish behind it.
  const panel = page.getByRole('complementary', { name: /^Work order -\d+$/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Badge printer service' })).toBeVisible();
  await expect(panel.getByText('Pending', { exact: true })).toBeVisible();
  await callHost(webHost, 'connectivity:set-offline', { offline: false });

  const order = await onMarketplace(webHost, 'Badge printer service', (candidate) => candidate.status.name === 'Published');
  // The open panel follows the order to the marketplace's id, and its row is marked as the open one.
  await expect(page.getByRole('complementary', { name: `Work order ${order.id}` }).getByRole('heading', { name: 'Badge printer service' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('Badge printer service');
  await expect(page.getByRole('grid', { name: /^Work orders:/ }).getByRole('row', { name: new RegExp(`\\b${order.id}\\b`) })).toHaveAttribute('aria-current', 'true');
  expect(order.location).toMatchObject({ mode: 'saved' });
  expect(order.pay).toMatchObject({ type: 'hourly', base: { amount: 45, units: 4 } });
  expect(order.schedule?.service_window?.mode).toBe('between');
});

test('duplicate an order, edit the copy (only what changed is sent), and leaving with changes asks first', async ({ page, webHost }) => {
  await openApp(page, webHost);
  const source = await marketplaceRest<MarketOrder>(webHost, 'GET', 'workorders/10010');
  await page.getByRole('searchbox', { name: 'Search work orders' }).fill('10010');
  const grid = page.getByRole('grid', { name: /^Work orders:/ });
  await grid.getByRole('row').filter({ hasText: '10010' }).getByText('10010', { exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Work order 10010' });
  await panel.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate as a new job' }).click();

  const form = page.getByRole('dialog', { name: 'Duplicate #10010' });
  const title = form.getByRole('textbox', { name: 'Title' });
  await expect(title).toHaveValue(source.title);
  await title.fill(`${source.title} (second visit)`);
  await form.getByRole('button', { name: 'Save as draft' }).click();
  await expect(form).toBeHidden();
  const copy = await onMarketplace(webHost, `${source.title} (second visit)`);
  expect(copy.status.name).toBe('Draft');
  expect(copy.types_of_work?.map((type) => type.id)).toEqual(source.types_of_work?.map((type) => type.id));
  expect(copy.pay?.base?.amount).toBe(source.pay?.base?.amount);
  expect(copy.client?.id).toBe(source.client?.id);

  // Edit the copy: the aside names the one key the save will send.
  const copyPanel = page.getByRole('complementary', { name: `Work order ${copy.id}` });
  await expect(copyPanel).toBeVisible({ timeout: 20_000 });
  await copyPanel.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit #${copy.id}` });
  await expect(edit.getByRole('textbox', { name: 'Title' })).toHaveValue(copy.title);
  await expect(edit.getByText('Nothing yet. Only what you change is sent.')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Incident id' }).fill('INC-4471');

  // Escape with a change made asks before anything is lost.
  await page.keyboard.press('Escape');
  const leave = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(edit.getByRole('textbox', { name: 'Incident id' })).toHaveValue('INC-4471');
  await expect(edit.getByRole('complementary', { name: 'Before saving' })).toContainText('Incident id');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: test.info().outputPath('job-form-edit-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  // Held while working offline, the queued edit shows what it sends: the incident id, nothing else.
  // (Through main: the status bar's switch sits behind the open dialog.)
  await callHost(webHost, 'connectivity:set-offline', { offline: true });
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  const { entries } = await callHost<{ entries: { kind: string; input: { id: number; changes: Record<string, unknown> } }[] }>(webHost, 'outbox:list');
  expect(entries.filter((entry) => entry.kind === 'workorders:update').map((entry) => entry.input)).toEqual([{ id: copy.id, changes: { incident_id: 'INC-4471' } }]);
  await callHost(webHost, 'connectivity:set-offline', { offline: false });
  await until(() => marketplaceRest<MarketOrder & { incident_id?: string }>(webHost, 'GET', `workorders/${copy.id}`), (order) => order.incident_id === 'INC-4471', 'the incident id on the marketplace', 20_000, 150);

  // A new job typed into and cancelled asks too; Discard drops it.
  await page.keyboard.press('c');
  const fresh = page.getByRole('dialog', { name: 'New job' });
  await page.keyboard.type('Never saved');
  await fresh.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard this job?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(fresh).toBeHidden();
});

test('by keyboard alone, with the marketplace dropping every call: the job waits, then lands when it answers', async ({ page, webHost }) => {
  await openApp(page, webHost);
  const { origin } = await localMarketplace(webHost);
  expect((await page.request.post(`${origin}/__local/faults`, { data: { status: 'drop' } })).ok()).toBe(true);

  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'New job' });
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();
  await page.keyboard.type('Rooftop unit inspection');
  // Tab to the types of work (past the two text areas) and pick one with the keys.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('combobox', { name: 'Add a type of work' })).toBeFocused();
  // Typing on the closed list moves to a name; Enter takes it (the steps on the way are not added).
  await page.keyboard.type('HVAC');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('list', { name: 'Chosen types of work' })).toContainText('HVAC');
  // Ctrl+Enter saves the draft from wherever the focus is.
  await page.keyboard.press('Control+Enter');
  await expect(form).toBeHidden();
  const status = page.getByRole('group', { name: 'Sync and connection' });
  await expect(status).toContainText('Offline', { timeout: 30_000 });
  await expect(page.getByRole('complementary', { name: /^Work order -\d+$/ })).toBeVisible();

  expect((await page.request.delete(`${origin}/__local/faults`)).ok()).toBe(true);
  const draft = await onMarketplace(webHost, 'Rooftop unit inspection');
  expect(draft.types_of_work?.map((type) => type.id)).toEqual([8]);
});
