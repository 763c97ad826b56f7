import { axeFindings } from './support/axe';
import type { Locator, Page } from '@playwright/test';
import { until } from '../support/until';
import { marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';
import { openWorkspace } from './support/workspace';

// Issue 25, item 5: auto-dispatch end to end. A job made in the form with Auto-dispatch on, saved
// and published, is published and assigned (or routed) by the marketplace's auto-dispatch; the
// action is offered only on orders the marketplace would dispatch.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'America/Chicago' });
test.describe.configure({ timeout: 120_000 });

interface MarketOrder {
  id: number;
  title: string;
  auto_dispatch?: boolean | null;
  status: { name: string };
  assignee?: { user?: { id?: number } } | null;
  routes?: { results?: { technician?: { id?: number } }[] } | null;
}

/** Waits for an order with this title on the marketplace, read whole once the search finds it and `done` holds. */
function onMarketplace(host: WebHostProcess, title: string, done: (order: MarketOrder) => boolean): Promise<MarketOrder> {
  const find = async () => {
    const page = await marketplaceRest<{ results: MarketOrder[] }>(host, 'GET', `workorders?list=workorders_all&per_page=100&f_search=${encodeURIComponent(title)}`);
    const found = page.results.find((order) => order.title === title);
    return found ? marketplaceRest<MarketOrder>(host, 'GET', `workorders/${found.id}`) : undefined;
  };
  return until(find, (order): order is MarketOrder => order !== undefined && done(order), `“${title}” on the marketplace`, 45_000, 200) as Promise<MarketOrder>;
}

/** A POS install in Chicago with everything auto-dispatch needs (a service type, a site, a time, pay), typed into the form. */
async function fillReadyJob(form: Locator, title: string, start: string): Promise<void> {
  await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await form.getByRole('combobox', { name: 'Add a type of work' }).selectOption({ label: 'Point of Sale (POS)' });
  await form.getByRole('group', { name: 'Service types' }).getByRole('checkbox', { name: 'Installation' }).check();
  await form.getByRole('radiogroup', { name: 'Where the work is' }).getByRole('radio', { name: 'Address' }).check();
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill('233 S Wacker Dr');
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Chicago');
  await form.getByRole('textbox', { name: 'State or province' }).fill('IL');
  await form.getByRole('textbox', { name: 'ZIP or postal code' }).fill('60606');
  await form.getByRole('radiogroup', { name: 'When the work is' }).getByRole('radio', { name: 'At a set time' }).check();
  await form.getByRole('textbox', { name: 'Start', exact: true }).fill(start);
  await form.getByRole('radiogroup', { name: 'Pay type' }).getByRole('radio', { name: 'Fixed' }).check();
  await form.getByRole('textbox', { name: 'Amount ($)' }).fill('240');
}

async function newJob(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New job' }).click();
  const form = page.getByRole('dialog', { name: 'New job' });
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();
  return form;
}


test('a job saved and published with auto-dispatch is assigned on the marketplace; with Route, routed', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);

  await test.step('assign the best match, by a selection rule', async () => {
    const form = await newJob(page);
    const title = 'Auto-dispatched POS install';
    await fillReadyJob(form, title, '2030-01-15T09:00');
    const autoDispatch = form.getByRole('switch', { name: 'Auto-dispatch' });
    await expect(autoDispatch).not.toBeChecked();
    await autoDispatch.check();
    await expect(form.getByRole('list', { name: 'Publish requirements' })).toContainText('A service type, for auto-dispatch: given');
    // The company's rules, pulled with the reference data.
    const rule = form.getByRole('combobox', { name: 'Selection rule' });
    await expect(rule.getByRole('option')).toHaveText(['Best rated for the type of work', 'Best rated within 250 miles', 'Nearest qualified provider', 'Screened for secure sites', 'Talent pools first, then the nearest']);
    await rule.selectOption({ label: 'Nearest qualified provider' });
    await expect(form.getByRole('radio', { name: 'Assign the best match' })).toBeChecked();
    expect(await axeFindings(page, 'dialog[open]'), 'serious or critical axe findings in the job form, auto-dispatch on (light)').toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeFindings(page, 'dialog[open]'), 'serious or critical axe findings in the job form, auto-dispatch on (dark)').toEqual([]);
    await page.screenshot({ path: test.info().outputPath('job-form-auto-dispatch-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await form.getByRole('button', { name: 'Save and publish' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText('auto-dispatch assigns it to the best match');

    const order = await onMarketplace(webHost, title, (candidate) => candidate.status.name === 'Assigned');
    expect(order.auto_dispatch).toBe(true);
    // 1101, the nearest who does POS work: Luis Ramos in Chicago.
    expect(order.assignee?.user?.id).toBe(3001);
  });

  await test.step('route to the best match, chosen by keyboard', async () => {
    const form = await newJob(page);
    const title = 'Auto-routed POS install';
    await fillReadyJob(form, title, '2030-01-16T09:00');
    const autoDispatch = form.getByRole('switch', { name: 'Auto-dispatch' });
    await autoDispatch.focus();
    await page.keyboard.press('Space');
    await expect(autoDispatch).toBeChecked();
    // Tab to the rule (left at "Best rated"), then to the mode; an arrow chooses Route.
    await page.keyboard.press('Tab');
    await expect(form.getByRole('combobox', { name: 'Selection rule' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(form.getByRole('radio', { name: 'Assign the best match' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(form.getByRole('radio', { name: 'Route to the best match' })).toBeChecked();
    await page.keyboard.press('Control+Shift+Enter');
    await expect(form).toBeHidden();

    const order = await onMarketplace(webHost, title, (candidate) => candidate.status.name === 'Routed');
    expect(order.routes?.results?.length).toBe(1);
    expect(order.assignee?.user?.id ?? null).toBeNull();
  });
});

test('the Auto-dispatch action is offered on an order with auto_dispatch, not on one without; it asks the rule and the mode', async ({ page, webHost }) => {
  const grid = await openWorkspace(page, webHost.url);
  const search = page.getByRole('searchbox', { name: 'Search work orders' });
  const menuOf = async (id: number) => {
    await search.fill(String(id));
    await grid.getByRole('row', { name: new RegExp(`\\b${id}\\b`) }).click({ button: 'right' });
    const menu = page.getByRole('menu', { name: `Actions on #${id}` });
    await expect(menu).toBeVisible();
    return menu;
  };

  // 10001: a ready draft without auto_dispatch; publish and assign are there, auto-dispatch is not.
  expect((await marketplaceRest<MarketOrder>(webHost, 'GET', 'workorders/10001')).auto_dispatch).toBe(false);
  const plain = await menuOf(10001);
  await expect(plain.getByRole('menuitem', { name: /^Publish/ })).toBeVisible();
  await expect(plain.getByRole('menuitem', { name: /^Auto-dispatch/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // 10003: a ready draft of the seed with auto_dispatch.
  const flagged = await menuOf(10003);
  await flagged.getByRole('menuitem', { name: /^Auto-dispatch/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Auto-dispatch #10003' });
  await expect(prompt.getByRole('radio', { name: 'Assign the best match' })).toBeChecked();
  expect(await axeFindings(page, 'dialog[open]'), 'serious or critical axe findings in the auto-dispatch prompt').toEqual([]);
  await prompt.getByRole('button', { name: 'Assign the best match' }).click();
  await expect(prompt).toBeHidden();
  await until(() => marketplaceRest<MarketOrder>(webHost, 'GET', 'workorders/10003'), (order) => order.status.name === 'Assigned', '#10003 assigned by auto-dispatch', 45_000, 200);
});
