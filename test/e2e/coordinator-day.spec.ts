import type { Locator, Page } from '@playwright/test';
import { demoPhoto } from '../../src-main/local-marketplace/seed/photos';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest, explainedByOutbox } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';
import { openWorkspace } from './support/workspace';

// Issue 24: "the whole coordinator's day (attention → fix, new job → publish → route → assign,
// deliverables, approve with a warning, offline round trip with a refusal fixed from the conflict
// inbox) runs by keyboard alone in one test". Only `page.keyboard` drives the app: no click, fill,
// check, selectOption or focus. `tabTo` proves each control is reachable with Tab. What is not the
// coordinator's doing (a provider's upload, a fault the marketplace will answer with) is set up
// through the marketplace's own test doors; what lands is read back from the marketplace.
test.use({ colorScheme: 'light', viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'America/Los_Angeles' });

/** Work done, its Deliverables folder short of files (seed: simulation/demo-deliverables.ts). */
const SHORT_OF_FILES = 10030;
/** A draft of the seed, edited (and refused) in the offline round trip. */
const DRAFT = 10004;

interface MarketOrder {
  id: number;
  title: string;
  status: { name: string };
  assignee?: { user?: { id?: number } } | null;
  routes?: { results?: { technician?: { id?: number } }[] } | null;
  location?: { mode?: string } | null;
  pay?: { type?: string; base?: { amount?: number } } | null;
  types_of_work?: { id: number }[] | null;
  schedule?: { service_window?: { mode?: string; start?: { utc?: string } } } | null;
}

/** What has the keyboard focus, in words: for a failure message. */
function focusNow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '(page)';
    const role = element.getAttribute('role') ?? (element instanceof HTMLInputElement ? `${element.type}` : element.tagName.toLowerCase());
    const label = element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent ?? element.textContent ?? '';
    return `${role} “${label.replace(/\s+/g, ' ').trim().slice(0, 40)}”`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus: proof that it is reachable by keyboard.
 * Fails naming every stop on the way when it is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 30, backward = false }: { max?: number; backward?: boolean } = {}): Promise<void> {
  await expect(target.first(), `${target} on screen before tabbing to it`).toBeVisible();
  const key = backward ? 'Shift+Tab' : 'Tab';
  const stops: string[] = [];
  for (let presses = 0; ; presses++) {
    if (await target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))) return;
    if (presses === max) break;
    await page.keyboard.press(key);
    stops.push(await focusNow(page));
  }
  throw new Error(`${target} is not reached by ${max} presses of ${key}; the focus went: ${stops.join(' → ')}`);
}

/** Presses an arrow key in a radio group until `radio` is chosen (arrows move and choose together). */
async function arrowTo(page: Page, radio: Locator, { max = 8, key = 'ArrowDown' }: { max?: number; key?: string } = {}): Promise<void> {
  for (let presses = 0; presses <= max; presses++) {
    if (await radio.isChecked()) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${radio} is not chosen by ${max} presses of ${key}; the focus is on ${await focusNow(page)}`);
}

/** Two-key sequences (g, then a letter) as typed. */
async function keys(page: Page, ...sequence: string[]): Promise<void> {
  for (const key of sequence) await page.keyboard.press(key);
}

/** Polls the marketplace until the order satisfies `done`: the outbox sends in the background. */
function onMarketplace(host: WebHostProcess, id: number, done: (order: MarketOrder) => boolean, what: string, deadlineMs = 30_000): Promise<MarketOrder> {
  // Once, in a full run, an assign waited past its undo window plus 30 s, online: a failure says where it waits.
  return explainedByOutbox(host, until(() => marketplaceRest<MarketOrder>(host, 'GET', `workorders/${id}`), done, `#${id} ${what} on the marketplace`, deadlineMs, 150));
}

/** Waits for an order with this title on the marketplace, read whole once the search finds it. */
function findOnMarketplace(host: WebHostProcess, title: string, done: (order: MarketOrder) => boolean): Promise<MarketOrder> {
  const find = async () => {
    const page = await marketplaceRest<{ results: MarketOrder[] }>(host, 'GET', `workorders?list=workorders_all&per_page=100&f_search=${encodeURIComponent(title)}`);
    const found = page.results.find((order) => order.title === title);
    return found ? marketplaceRest<MarketOrder>(host, 'GET', `workorders/${found.id}`) : undefined;
  };
  return until(find, (order): order is MarketOrder => order !== undefined && done(order), `“${title}” on the marketplace`, 30_000, 150) as Promise<MarketOrder>;
}

test('a coordinator’s whole day, by keyboard alone', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  const grid = await openWorkspace(page, webHost.url);
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });
  const { undoSeconds } = await callHost<{ undoSeconds: number }>(webHost, 'settings:get');
  /** An assign or approve waits out the undo window before the outbox sends it. */
  const afterUndo = (undoSeconds + 30) * 1000;

  await test.step('attention → fix: the first late order, its reason, a message to its provider', async () => {
    await keys(page, 'g', 'n');
    const triage = page.getByRole('grid', { name: 'Work orders: Needs attention' });
    await expect(triage.getByRole('heading').first()).toHaveText('Running late');
    await page.keyboard.press('j');
    const row = triage.locator('[role="row"]:focus');
    await expect(row).toHaveCount(1);
    const late = Number(/\b(\d{5})\b/.exec((await row.textContent()) ?? '')?.[1]);
    expect(late, 'the first order of the queue').toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: `Work order ${late}` });
    const banner = panel.getByRole('region', { name: 'Why this order needs attention' });
    await expect(banner).toContainText(/^Running late:/);
    const messageFix = banner.getByRole('button', { name: 'Message the provider' });
    await tabTo(page, messageFix);
    await page.keyboard.press('Enter');
    const box = panel.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    const text = 'Are you on your way? The site opens at 8.';
    await page.keyboard.type(text);
    await page.keyboard.press('Control+Enter');
    await expect(box).toHaveValue('');
    await expect(panel.getByRole('list', { name: 'Message thread' }).getByRole('listitem').filter({ hasText: text })).toBeVisible();
    await until(
      () => marketplaceRest<{ results: { message: string }[] }>(webHost, 'GET', `workorders/${late}/messages`),
      (answer) => answer.results.some((message) => message.message === text),
      `the message on #${late} on the marketplace`,
      30_000,
      150,
    );
  });
  const title = 'Rooftop unit inspection, booked by keyboard';
  let newId = 0;
  let providerId = 0;
  await test.step('new job → publish: c, the form by Tab, typing and arrows, Ctrl+Shift+Enter', async () => {
    // Out of the message box (a box that types keeps its letters): Tab to its Send button, then c.
    await tabTo(page, page.getByRole('complementary', { name: /^Work order / }).getByRole('button', { name: 'Send' }));
    await page.keyboard.press('c');
    const form = page.getByRole('dialog', { name: 'New job' });
    await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();
    await page.keyboard.type(title);

    await tabTo(page, form.getByRole('combobox', { name: 'Add a type of work' }));
    await page.keyboard.type('HVAC');
    await page.keyboard.press('Enter');
    await expect(form.getByRole('list', { name: 'Chosen types of work' })).toContainText('HVAC');

    const where = form.getByRole('radiogroup', { name: 'Where the work is' });
    await tabTo(page, where.getByRole('radio'));
    await arrowTo(page, where.getByRole('radio', { name: 'Saved location' }));
    await tabTo(page, form.getByRole('combobox', { name: 'Find a saved location' }));
    await page.keyboard.type('Harborview');
    // The finder's first match is highlighted; the arrows move to the clinic, Enter takes it.
    const clinic = form.getByRole('option', { name: /Harborview Outpatient Clinic/ });
    await expect(clinic).toBeVisible();
    await expect(async () => {
      if ((await clinic.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
      await expect(clinic).toHaveAttribute('aria-selected', 'true', { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await expect(form.getByRole('group', { name: 'Chosen saved location' })).toContainText('Harborview Outpatient Clinic');

    const when = form.getByRole('radiogroup', { name: 'When the work is' });
    await tabTo(page, when.getByRole('radio'));
    await arrowTo(page, when.getByRole('radio', { name: 'At a set time' }));
    await tabTo(page, form.getByRole('textbox', { name: 'Start', exact: true }));
    // A date field by its parts: month, day, year, then Tab to the time.
    await page.keyboard.type('01152030');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0900A');
    await expect(form.getByRole('textbox', { name: 'Start', exact: true })).toHaveValue('2030-01-15T09:00');
    await expect(form.getByText('Times are at the site: America/New_York.')).toBeVisible();

    const payType = form.getByRole('radiogroup', { name: 'Pay type' });
    await tabTo(page, payType.getByRole('radio'));
    await arrowTo(page, payType.getByRole('radio', { name: 'Fixed' }));
    await tabTo(page, form.getByRole('textbox', { name: 'Amount ($)' }));
    await page.keyboard.type('320');
    await expect(form.getByText('Labour at most: $320')).toBeVisible();
    await expect(form.getByRole('heading', { name: 'Ready to publish' })).toBeVisible();
    // Ctrl+Shift+Enter saves and publishes from wherever the focus is.
    await page.keyboard.press('Control+Shift+Enter');
    await expect(form).toBeHidden();

    const order = await findOnMarketplace(webHost, title, (candidate) => candidate.status.name === 'Published');
    newId = order.id;
    expect(order.location).toMatchObject({ mode: 'saved' });
    expect(order.pay).toMatchObject({ type: 'fixed', base: { amount: 320 } });
    expect(order.types_of_work?.map((type) => type.id)).toEqual([8]);
    // 09:00 at the clinic in Orlando is 14:00 UTC in January.
    expect(order.schedule?.service_window).toMatchObject({ mode: 'exact', start: { utc: '2030-01-15 14:00:00' } });
  });
  await test.step('find it again, route it, assign the routed provider', async () => {
    // The new order's panel is open: Escape closes it; it is in no queue of Needs attention, so g l lists every order.
    await page.keyboard.press('Escape');
    await keys(page, 'g', 'l');
    await expect(page.getByRole('grid', { name: 'Work orders: All' })).toBeVisible();
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search work orders' });
    await expect(search).toBeFocused();
    await page.keyboard.type('Rooftop unit');
    const found = grid.getByRole('row').filter({ hasText: title });
    await expect(found).toHaveCount(1);
    await expect(grid.getByRole('row').filter({ hasText: /\b\d{5}\b/ })).toHaveCount(1);
    // ↓ from the search to its results (letters are the search's own), then Enter opens the focused row.
    await page.keyboard.press('ArrowDown');
    await expect(found).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: `Work order ${newId}` });
    await expect(panel.getByRole('heading', { level: 2, name: title })).toBeVisible();

    // r: the route prompt; Tab to the providers, an arrow key chooses one, Enter routes.
    await page.keyboard.press('r');
    const route = page.getByRole('dialog', { name: `Route to provider: #${newId}` });
    await expect(route.getByRole('searchbox', { name: 'Find a provider' })).toBeFocused();
    const providers = route.getByRole('radiogroup', { name: 'Provider' });
    await tabTo(page, providers.getByRole('radio'), { max: 3 });
    await page.keyboard.press('ArrowDown');
    const chosen = providers.getByRole('radio', { checked: true });
    await expect(chosen).toHaveCount(1);
    await expect(chosen).toBeFocused();
    providerId = Number(await chosen.getAttribute('value'));
    expect(providerId).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await expect(route).toBeHidden();
    await onMarketplace(webHost, newId, (order) => (order.routes?.results ?? []).some((entry) => entry.technician?.id === providerId), `routed to ${providerId}`);

    // The app's copy has the route once the marketplace answered: the order says whom it is routed to.
    await expect(panel.getByRole('heading', { name: 'Routed to' })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('button', { name: /^Unroute / })).toHaveCount(1);

    // a: the assign prompt comes with the routed provider chosen; Enter assigns them.
    await page.keyboard.press('a');
    const assign = page.getByRole('dialog', { name: `Assign: #${newId}` });
    await expect(assign.getByRole('radio', { checked: true })).toHaveAttribute('value', String(providerId));
    await expect(assign.getByRole('radio', { checked: true }).locator('..')).toContainText('Routed');
    await page.keyboard.press('Enter');
    await expect(assign).toBeHidden();
    await expect(notifications).toContainText(`Assigned #${newId}`);
    await onMarketplace(webHost, newId, (order) => order.status.name === 'Assigned' && order.assignee?.user?.id === providerId, `assigned to ${providerId}`, afterUndo);
  });

  await test.step('deliverables: the provider’s photo, reviewed with a; Undo offered; the review lands', async () => {
    const { origin } = await localMarketplace(webHost);
    const upload = await page.request.post(`${origin}/__local/simulate/upload`, {
      data: { work_order_id: newId, provider_id: providerId, name: 'rooftop-unit-after.png', mime: 'image/png', content_base64: demoPhoto(700).toString('base64') },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    await keys(page, 'g', 'e');
    const screen = page.getByRole('region', { name: 'Deliverables review' });
    await expect(screen.getByRole('status').filter({ hasText: /waiting for review$/ })).toBeVisible();
    // The app hears of the upload at the next pull: the status bar's Sync now, reached by keyboard.
    await tabTo(page, page.getByRole('group', { name: 'Sync and connection' }).getByRole('button', { name: 'Sync now' }), { backward: true, max: 60 });
    await page.keyboard.press('Enter');
    const queue = screen.getByRole('list', { name: 'Deliverables waiting for review' });
    const file = queue.getByRole('button', { name: /^rooftop-unit-after\.png/ });
    await expect(file).toBeVisible({ timeout: 45_000 });
    // New files come in on top without moving the coordinator's place: k goes up to the newest.
    await expect(async () => {
      if ((await file.getAttribute('aria-current')) !== 'true') await page.keyboard.press('k');
      await expect(file).toHaveAttribute('aria-current', 'true', { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(screen.getByRole('img', { name: 'rooftop-unit-after.png' })).toBeVisible();
    await page.keyboard.press('a');
    await expect(file).toHaveCount(0);
    await expect(notifications).toContainText('rooftop-unit-after.png');
    await expect(notifications.getByRole('button', { name: 'Undo' })).toBeVisible();
    await until(
      async () => (await marketplaceRest<{ results: { type: string; results: { file: { name: string }; status: string }[] }[] }>(webHost, 'GET', `workorders/${newId}/attachments`)).results.flatMap((folder) => folder.results),
      (files) => files.some((candidate) => candidate.file.name === 'rooftop-unit-after.png' && candidate.status === 'approved'),
      'the photo approved on the marketplace',
      afterUndo,
      200,
    );
  });

  await test.step('approve with a warning: #10030, short of files, v, the pay and the warning, Enter approves anyway', async () => {
    await keys(page, 'g', 'h');
    await expect(grid).toBeVisible();
    // The palette finds an order by its number.
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('combobox', { name: 'Find a command or a work order' })).toBeFocused();
    await page.keyboard.type(String(SHORT_OF_FILES));
    await expect(palette.getByRole('option', { name: new RegExp(`#${SHORT_OF_FILES}`) })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    const panel = page.getByRole('complementary', { name: `Work order ${SHORT_OF_FILES}` });
    await expect(panel.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: 'Approve' })).toBeVisible();

    await page.keyboard.press('v');
    const approve = page.getByRole('dialog', { name: `Approve #${SHORT_OF_FILES}` });
    await expect(approve).toContainText('Pays $1,200');
    const warning = approve.getByRole('group', { name: 'Before you approve' });
    await expect(warning).toContainText(/required files? (is|are) missing/);
    await expect(approve.getByRole('button', { name: 'Approve anyway' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(approve).toBeHidden();
    await expect(notifications).toContainText(`Approved #${SHORT_OF_FILES}`);
    await onMarketplace(webHost, SHORT_OF_FILES, (order) => order.status.name === 'Approved', 'approved', afterUndo);
  });

  await test.step('offline round trip: an edit made offline, refused when sent, fixed from the conflict inbox', async () => {
    const { origin } = await localMarketplace(webHost);
    // The marketplace will refuse the next edit of the draft (set up by the test, not the coordinator).
    const fault = await page.request.post(`${origin}/__local/faults`, { data: { status: 400, path: `workorders/${DRAFT}`, method: 'PUT', count: 1 } });
    expect(fault.ok(), await fault.text()).toBe(true);

    // Work offline, by the status bar's switch.
    const status = page.getByRole('group', { name: 'Sync and connection' });
    const offline = status.getByRole('switch', { name: 'Work offline' });
    await tabTo(page, offline, { max: 60 });
    await page.keyboard.press('Space');
    await expect(offline).toBeChecked();
    await expect(status.getByRole('status', { name: 'Last sync' })).toHaveText(/^Paused/);

    // The draft, found by its number; e edits it; a new title; Ctrl+Enter saves.
    await page.keyboard.press('/');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(String(DRAFT));
    const row = grid.getByRole('row').filter({ hasText: String(DRAFT) });
    await expect(row).toHaveCount(1);
    await page.keyboard.press('ArrowDown');
    await expect(row).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('complementary', { name: `Work order ${DRAFT}` })).toBeVisible();
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: `Edit #${DRAFT}` });
    const editTitle = edit.getByRole('textbox', { name: 'Title', exact: true });
    await expect(editTitle).toBeVisible();
    await tabTo(page, editTitle, { max: 5 });
    const refusedTitle = 'Site survey, edited offline';
    await page.keyboard.press('Control+a');
    await page.keyboard.type(refusedTitle);
    await page.keyboard.press('Control+Enter');
    await expect(edit).toBeHidden();

    // It waits in the outbox while offline.
    await keys(page, 'g', 'o');
    const outboxScreen = page.getByRole('region', { name: 'Outbox' });
    await expect(outboxScreen.getByRole('status').filter({ hasText: 'Working offline.' })).toBeVisible();
    const waiting = outboxScreen.getByRole('list', { name: /^Waiting to be sent/ }).getByRole('listitem');
    await expect(waiting).toHaveCount(1);
    await expect(waiting).toContainText(`#${DRAFT}`);
    await expect(waiting).toContainText('Waiting');
    expect((await marketplaceRest<MarketOrder>(webHost, 'GET', `workorders/${DRAFT}`)).title).not.toBe(refusedTitle);

    // Back online by the Outbox's own switch: the edit is sent, and refused.
    const screenSwitch = outboxScreen.getByRole('switch', { name: 'Work offline' });
    await tabTo(page, screenSwitch, { max: 60 });
    await page.keyboard.press('Space');
    const card = outboxScreen.getByRole('region', { name: /^Refused by the marketplace/ }).getByRole('article');
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(`Edit the title of #${DRAFT}`);
    await expect(card).toContainText('The marketplace said:');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Outbox 1 refused' })).toBeVisible();

    // Edit and send again, reached by Tab; the title fixed; Ctrl+Enter sends it again.
    await tabTo(page, card.getByRole('button', { name: /^Edit and send again/ }), { max: 60 });
    await page.keyboard.press('Enter');
    const fix = page.getByRole('dialog', { name: `Fix the refused edit of #${DRAFT}` });
    await expect(fix.getByRole('alert').first()).toContainText('The marketplace refused this change.');
    const fixTitle = fix.getByRole('textbox', { name: 'Title', exact: true });
    await expect(fixTitle).toHaveValue(refusedTitle);
    await tabTo(page, fixTitle, { max: 5 });
    const finalTitle = 'Site survey, sent again from the outbox';
    await page.keyboard.press('Control+a');
    await page.keyboard.type(finalTitle);
    await expect(fix.getByRole('button', { name: 'Send again' })).toBeVisible();
    await page.keyboard.press('Control+Enter');
    await expect(fix).toBeHidden();

    await onMarketplace(webHost, DRAFT, (order) => order.title === finalTitle, 'renamed');
    await expect(outboxScreen.getByRole('status').filter({ hasText: 'Nothing waiting' })).toBeVisible({ timeout: 30_000 });
  });
});
