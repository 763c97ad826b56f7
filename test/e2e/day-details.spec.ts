import { until } from '../support/until';
import { callHost, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';
import { openOrder, openWorkspace } from './support/workspace';

// Issue 24, items 7, 8 and 9: the smaller frictions of a coordinator's day. The coordinator sits in
// Los Angeles; the demo's sites are elsewhere, so every time must say whose clock it is.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 }, timezoneId: 'America/Los_Angeles' });
test.describe.configure({ timeout: 90_000 });

/** Assigned and confirmed, in Phoenix, with a thread (seed: simulation/demo-seed.ts). */
const CONFIRMED = 10019;
/** Published, with three requests, one a counter-offer. */
const WITH_REQUESTS = 10010;
/** Routed to a provider. */
const ROUTED = 10014;

test('every time says whose clock: the site’s for the schedule, the coordinator’s for a message sent', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  const panel = await openOrder(page, CONFIRMED);
  // Phoenix keeps MST all year.
  await expect(panel.getByRole('region', { name: 'Overview' }).getByRole('definition').first()).toContainText(/^\w{3}, \w{3} \d{1,2} \d{2}:\d{2} MST/);
  const text = `Gate code 4471 (${Date.now()})`;
  await panel.getByRole('textbox', { name: 'Message' }).fill(text);
  await panel.getByRole('button', { name: 'Send' }).click();
  const sent = panel.getByRole('list', { name: 'Message thread' }).getByRole('listitem').filter({ hasText: text });
  await expect(sent.getByText('Pending', { exact: true })).toHaveCount(0, { timeout: 30_000 });
  // Sent now, read in Los Angeles: Pacific time, named.
  await expect(sent).toContainText(/\d{2}:\d{2} PST/);
});

test('a description keeps its paragraphs and bullets; a reschedule unconfirms the ETA, and the detail says so', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await callHost(webHost, 'workorders:update', {
    id: CONFIRMED,
    changes: { description: { html: '<p>Swap the switch in the IDF.</p><ul><li>Bring a console cable</li><li>Label both ends</li></ul>' }, schedule: { service_window: { mode: 'exact', start: { utc: '2030-03-04 16:00:00' } } } },
  });
  await until(() => marketplaceRest<{ eta?: { status?: { name?: string } } }>(webHost, 'GET', `workorders/${CONFIRMED}`), (order) => order.eta?.status?.name === 'unconfirmed', 'the ETA unconfirmed on the marketplace', 30_000, 100);
  const panel = await openOrder(page, CONFIRMED);
  const overview = panel.getByRole('region', { name: 'Overview' });
  await expect(overview.getByText('Swap the switch in the IDF.', { exact: true })).toBeVisible();
  await expect(overview.getByRole('listitem')).toHaveText(['Bring a console cable', 'Label both ends']);
  await expect(overview).toContainText('not confirmed');
});

test('Enter on a checkbox of the job form does not save it; an expense preset fills its rate', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'New job' });
  await form.getByRole('textbox', { name: 'Title' }).fill('Not yet');
  await form.getByRole('checkbox', { name: 'Require GPS at check-in and check-out' }).focus();
  await page.keyboard.press('Enter');
  await expect(form).toBeVisible();
  expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries).toEqual([]);
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: 'Require GPS at check-in and check-out' })).toBeChecked();
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog').filter({ hasText: /discard|unsaved/i }).getByRole('button', { name: /Discard|Close without saving/ });
  if (await discard.count()) await discard.first().click();

  const panel = await openOrder(page, CONFIRMED);
  await panel.getByRole('button', { name: 'Add expense' }).click();
  const dialog = page.getByRole('dialog', { name: `Add an expense to #${CONFIRMED}` });
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Mileage (per mile) ($0.67)' });
  await expect(dialog.getByRole('textbox', { name: 'Unit amount' })).toHaveValue('0.67');
  // A rate typed by the coordinator stays theirs.
  await dialog.getByRole('textbox', { name: 'Unit amount' }).fill('0.7');
  await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Scissor lift (per day) ($185)' });
  await expect(dialog.getByRole('textbox', { name: 'Unit amount' })).toHaveValue('0.7');
});

test('the assign picker puts the requesters first and chooses the routed provider; an unrated one says so; Import is labelled', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await expect(page.getByRole('toolbar', { name: 'Work order list tools' }).getByRole('button', { name: 'Import…' })).toHaveText(/Import…/);

  const requested = await openOrder(page, WITH_REQUESTS);
  await requested.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: /^Assign/ }).click();
  const prompt = page.getByRole('dialog', { name: `Assign: #${WITH_REQUESTS}` });
  const radios = prompt.getByRole('radio');
  await expect(radios.first()).toBeVisible();
  const firstThree = await prompt.getByRole('radiogroup', { name: 'Provider' }).locator('label, [role="radio"]').evaluateAll((items) => items.slice(0, 6).map((item) => item.textContent ?? ''));
  expect(firstThree.join(' ')).toMatch(/Requested|Counter-offer/);
  await expect(prompt.getByText('★ 0.0')).toHaveCount(0);
  await page.keyboard.press('Escape');

  const routed = await openOrder(page, ROUTED);
  const providerId = (await marketplaceRest<{ routes?: { results?: { technician?: { id?: number } }[] } }>(webHost, 'GET', `workorders/${ROUTED}`)).routes?.results?.[0]?.technician?.id;
  await routed.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: /^Assign/ }).click();
  const assign = page.getByRole('dialog', { name: `Assign: #${ROUTED}` });
  await expect(assign.getByRole('radio', { checked: true })).toHaveAttribute('value', String(providerId));
  await expect(assign.getByRole('radio', { checked: true }).locator('..')).toContainText('Routed');
});

test('working offline pauses the pulls as well as the sends, and says so', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await page.getByRole('switch', { name: 'Work offline' }).check();
  await expect(page.getByRole('status', { name: 'Last sync' })).toHaveText(/^Paused · not refreshed since \d{1,2}:\d{2}/);
  await page.getByRole('switch', { name: 'Work offline' }).uncheck();
  await expect(page.getByRole('status', { name: 'Last sync' })).toHaveText(/^(Synced|Syncing)/, { timeout: 30_000 });
});
