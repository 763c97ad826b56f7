import AxeBuilder from '@axe-core/playwright';
import { WCAG_TAGS } from './support/axe';
import type { Locator, Page } from '@playwright/test';
import { SCREENS } from '../../src-renderer/screens';
import { callHost } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// WCAG 2.2 AA (issue 23, item 7): axe-core on every screen, an open order, the job form, the palette
// and the dialogs a coordinator meets, in light and dark; then reduced motion and forced colours.
// Serious and critical findings fail, all of them in one message naming each rule and the elements
// it found, so a failure says what to fix without a rerun. One page session walks everything: a web
// host and its first sync cost more than the checks.
test.use({ viewport: { width: 1440, height: 900 }, colorScheme: 'light', actionTimeout: 15_000 });

/** A draft and a paid order near the top of All (seed/work-orders.ts): one pair per scheme, for a bulk report with both outcomes. */
const BULK = { light: [10002, 10035], dark: [10001, 10034] } as const;
/** A client the marketplace does not know: the change is refused and waits in the Outbox's inbox. */
const UNKNOWN_CLIENT = 987654;
const CSV = 'Job title,Scheduled start,Pay\nSurvey the site,2030-01-07 09:00,120\n';
/** The modal dialog on top: axe checks inside it (the page behind is inert, and was checked on its own). */
const DIALOG = 'dialog[open]';

type Scheme = 'light' | 'dark';

class Findings {
  readonly found: string[] = [];

  constructor(private readonly page: Page) {}

  /** Runs axe on the page, or on a part of it (`within`: a CSS selector), and keeps what is serious or critical. */
  async audit(what: string, within?: string) {
    let builder = new AxeBuilder({ page: this.page }).withTags(WCAG_TAGS);
    if (within) builder = builder.include(within);
    const { violations } = await builder.analyze();
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const targets = violation.nodes.map((node) => `      ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`);
      this.found.push(`${what}: ${violation.id} (${violation.impact}, ${violation.nodes.length})\n${targets.join('\n')}`);
    }
  }
}

async function closeWithEscape(page: Page, dialog: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

const grid = (page: Page) => page.getByRole('grid', { name: /^Work orders:/ });
const row = (page: Page, id: number) => grid(page).getByRole('row', { name: new RegExp(`\\b${id}\\b`) });

async function workOrders(page: Page, findings: Findings, scheme: Scheme) {
  await expect(row(page, 10001)).toBeVisible();
  await findings.audit(`${scheme} work orders`);

  await row(page, 10001).click();
  await expect(page.getByRole('complementary', { name: 'Work order 10001' })).toBeVisible();
  await findings.audit(`${scheme} an open order`, '[aria-label="Work order 10001"]');
  // Its history (issue 28), read when it comes into view.
  const order = page.getByRole('complementary', { name: 'Work order 10001' });
  await order.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'History' }).click();
  await expect(order.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toBeVisible();
  await findings.audit(`${scheme} an open order's history`, '#detail-history');

  // The map beside the list and the open order (issue 26).
  await page.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(page.getByRole('application', { name: /^Map of work orders: [1-9]/ })).toBeVisible();
  await findings.audit(`${scheme} the map`);
  await page.getByRole('button', { name: 'Map', exact: true }).click();

  await page.keyboard.press('c');
  const form = page.getByRole('dialog', { name: 'New job' });
  await expect(form).toBeVisible();
  await findings.audit(`${scheme} the job form`, DIALOG);
  await closeWithEscape(page, form);

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  // A number finds orders too: both groups of the list are shown.
  await palette.getByRole('combobox', { name: 'Find a command or a work order' }).fill('10');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await findings.audit(`${scheme} the command palette`, DIALOG);
  await closeWithEscape(page, palette);

  await row(page, 10001).focus();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await findings.audit(`${scheme} the keyboard shortcut sheet`, DIALOG);
  await closeWithEscape(page, sheet);

  await row(page, 10001).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Actions on #10001' });
  await expect(menu).toBeVisible();
  await findings.audit(`${scheme} the row menu`, '[role="menu"]');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportMenu = page.getByRole('menu', { name: 'Export the list' });
  await expect(exportMenu.getByRole('menuitem', { name: /^CSV/ })).toBeVisible();
  await findings.audit(`${scheme} the export menu`, '[role="menu"]');
  await page.keyboard.press('Escape');
  await expect(exportMenu).toBeHidden();

  // The prompt an action asks (a provider to route to), left unsent.
  await page.getByRole('toolbar', { name: 'Actions on this order' }).getByRole('button', { name: /^Route to provider/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Route to provider: #10001' });
  await expect(prompt.getByRole('radio').first()).toBeVisible();
  await findings.audit(`${scheme} an action prompt`, DIALOG);
  await closeWithEscape(page, prompt);

  // A bulk cancel of a draft and a paid order: its prompt, then its report (one waiting, one not
  // allowed), then taken back inside the undo window.
  for (const id of BULK[scheme]) await row(page, id).getByRole('checkbox', { name: `Select #${id}` }).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: /^Cancel order/ }).click();
  const reason = page.getByRole('dialog', { name: 'Cancel order: 2 orders' });
  await reason.getByRole('combobox', { name: 'Reason' }).selectOption({ index: 1 });
  await findings.audit(`${scheme} a bulk action's prompt`, DIALOG);
  await reason.getByRole('button', { name: 'Cancel order' }).click();
  const report = page.getByRole('dialog', { name: 'Cancel order: 2 orders' });
  await expect(report).toContainText('Not allowed');
  await expect(report).toContainText('1 waiting');
  await findings.audit(`${scheme} a bulk action report`, DIALOG);
  await report.getByRole('button', { name: /^Undo all/ }).click();
  await expect(report).toContainText('1 undone');
  await report.getByRole('button', { name: 'Close' }).click();
  await expect(report).toBeHidden();
  await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeHidden();

  // Import: the mapping of a picked CSV's columns, then its preview.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('toolbar', { name: 'Work order list tools' }).getByRole('button', { name: 'Import…' }).click();
  await (await chooser).setFiles({ name: 'jobs.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  const mapping = page.getByRole('dialog', { name: 'Match the columns: jobs.csv' });
  await expect(mapping).toBeVisible();
  await findings.audit(`${scheme} the import mapping`, DIALOG);
  await mapping.getByRole('button', { name: /^Preview 1 row/ }).click();
  const preview = page.getByRole('dialog', { name: 'Check the drafts: jobs.csv' });
  await expect(preview.getByRole('status')).toHaveText(/^1 row/);
  await findings.audit(`${scheme} the import preview`, DIALOG);
  await closeWithEscape(page, preview);
}

/** What each other screen opens: its editor or dialogs, each checked on its own. */
async function screenParts(page: Page, findings: Findings, scheme: Scheme, id: string) {
  if (id === 'locations') {
    await page.getByRole('button', { name: 'New location' }).click();
    const editor = page.getByRole('form', { name: 'New location' });
    await editor.getByRole('button', { name: 'Create location' }).click();
    await expect(editor.getByRole('alert')).toHaveText('Fix the marked fields first.');
    await findings.audit(`${scheme} the location editor, with its problems`, 'main form');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
  } else if (id === 'webhooks') {
    await page.getByRole('button', { name: 'New webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByRole('button', { name: 'Create webhook' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Fix the marked fields first.');
    await findings.audit(`${scheme} the webhook dialog, with its problems`, DIALOG);
    await closeWithEscape(page, dialog);
  } else if (id === 'insights') {
    await page.getByRole('button', { name: 'Show as table: Pay committed by client' }).click();
    await expect(page.getByRole('table', { name: 'Pay committed by client' })).toBeVisible();
    await findings.audit(`${scheme} an Insights table`, 'main');
    await page.getByRole('button', { name: 'Hide table: Pay committed by client' }).click();
  } else if (id === 'inbox') {
    // A provider's message of the seed, opened, with the reply form open under it.
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await inbox.getByRole('list', { name: 'Inbox items' }).getByRole('button', { name: /^Message\s/ }).first().click();
    await inbox.getByRole('article', { name: /^Message from / }).getByRole('button', { name: /^Reply/ }).click();
    await expect(inbox.getByRole('form', { name: /^Reply to / })).toBeVisible();
    await findings.audit(`${scheme} an inbox message with its reply form`, 'main');
    await page.keyboard.press('Escape');
    await expect(inbox.getByRole('form', { name: /^Reply to / })).toBeHidden();
  } else if (id === 'dispatch') {
    // The week, whose blocks the seed puts around today, and the question a tray order's drop asks.
    const board = page.getByRole('region', { name: 'Dispatch board' });
    await board.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Week', exact: true }).click();
    await expect(board.getByRole('list', { name: 'Providers' }).getByRole('button').first()).toBeVisible();
    await findings.audit(`${scheme} the dispatch board's week`, 'main');
    await board.getByRole('list', { name: 'Orders that need a provider' }).getByRole('button').first().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^#\d+ to / });
    await expect(dialog).toBeVisible();
    await findings.audit(`${scheme} the board's drop question`, DIALOG);
    await closeWithEscape(page, dialog);
    await board.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Day', exact: true }).click();
  } else if (id === 'outbox') {
    await page.getByRole('region', { name: /^Refused by the marketplace/ }).getByRole('article').getByRole('button', { name: /^Discard/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Discard this change?' });
    await expect(confirm).toContainText('Undone:');
    await findings.audit(`${scheme} the outbox's discard confirmation`, DIALOG);
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(confirm).toBeHidden();
  } else if (id === 'settings') {
    const custom = page.getByRole('list', { name: 'Environments' }).getByRole('listitem', { name: 'Custom' });
    for (const [button, name] of [
      ['Addresses…', 'Custom: addresses'],
      ['Credentials…', 'Custom: credentials'],
    ] as const) {
      await custom.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      await findings.audit(`${scheme} the ${name} dialog`, DIALOG);
      await closeWithEscape(page, dialog);
    }
    // The Inbox kinds that notify, disabled (and saying why) while notifications are off.
    const notifications = page.getByRole('region', { name: 'Desktop notifications' });
    const toggle = notifications.getByRole('switch', { name: /^Notify me while Field Desk is out of sight/ });
    await toggle.click();
    await expect(notifications.getByRole('group', { name: 'New in the Inbox' }).getByRole('checkbox', { name: 'Messages' })).toBeDisabled();
    await findings.audit(`${scheme} the notifications' kinds, switched off`, 'main');
    await toggle.click();
    await expect(notifications.getByRole('group', { name: 'New in the Inbox' }).getByRole('checkbox', { name: 'Messages' })).toBeEnabled();
  }
}

/** How many transitions a style change on the element starts: made in the page, so none ends before it is counted. */
function transitionsStartedOn(element: Locator) {
  return element.evaluate((node: HTMLElement) => {
    // Reading the computed style settles it before and after the change, so the change is a transition's start.
    const before = getComputedStyle(node).backgroundColor;
    node.style.backgroundColor = before === 'rgb(200, 0, 0)' ? 'rgb(0, 0, 200)' : 'rgb(200, 0, 0)';
    void getComputedStyle(node).backgroundColor;
    const started = node.getAnimations().length;
    node.style.backgroundColor = '';
    return started;
  });
}

/** The focused element's outline as drawn, and whether the browser counts the focus as visible. */
function focusRing(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    return { name: focused.getAttribute('aria-label') ?? focused.textContent?.trim().slice(0, 40), visible: focused.matches(':focus-visible'), style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
}

test('every screen, the open order, the job form, the palette and the dialogs pass axe (WCAG 2.2 AA) in light and dark; reduced motion and forced colours are honoured', async ({ page, webHost }) => {
  test.setTimeout(240_000);
  await page.goto(webHost.url);
  await expect(page.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  // A bulk action's changes wait long enough to be taken back after its report was checked.
  await callHost(webHost, 'settings:update', { undoSeconds: 60 });
  // The custom environment's addresses, so its Credentials… button opens (it is never used).
  await callHost(webHost, 'environments:update-urls', { id: 'custom', baseUrl: 'https://custom.invalid/api/rest/v2', authUrl: 'https://custom.invalid/authentication', webhookUrl: 'https://custom.invalid' });
  // A refused change, so the Outbox shows its inbox and the discard confirmation can be opened.
  await callHost(webHost, 'workorders:update', { id: 10006, changes: { title: 'Refused by the marketplace', client: { id: UNKNOWN_CLIENT } } });
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(navigation.getByRole('link', { name: 'Outbox 1 refused' })).toBeVisible({ timeout: 20_000 });
  const open = async (label: string) => {
    const link = navigation.getByRole('link', { name: new RegExp(`^${label}`) });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  };

  const findings = new Findings(page);
  for (const scheme of ['light', 'dark'] as const) {
    await test.step(`axe, ${scheme}`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      for (const screen of SCREENS) {
        await open(screen.label);
        if (screen.id === 'work-orders') await workOrders(page, findings, scheme);
        else {
          // Insights draws its charts once the figures are computed: checked with them.
          if (screen.id === 'insights') await expect(page.getByRole('img', { name: /^Pay committed by client\. / })).toBeVisible();
          await findings.audit(`${scheme} ${screen.label}`);
          await screenParts(page, findings, scheme, screen.id);
        }
      }
    });
  }
  expect.soft(findings.found, `serious or critical axe findings:\n${findings.found.join('\n')}`).toEqual([]);

  await test.step('reduced motion: nothing moves', async () => {
    await open('Work orders');
    const newJob = page.getByRole('button', { name: 'New job' });
    // The control does animate when motion is welcome: the check below is not vacuous.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect.soft(await transitionsStartedOn(newJob), 'a colour change on New job starts a transition').toBeGreaterThan(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect.soft(await transitionsStartedOn(newJob), 'with reduced motion, a colour change starts none').toBe(0);
    await newJob.hover();
    await row(page, 10001).hover();
    expect.soft(await page.evaluate(() => document.getAnimations().map((animation) => (animation.effect as KeyframeEffect | null)?.target?.nodeName ?? '?')), 'running animations and transitions').toEqual([]);
    await page.emulateMedia({ reducedMotion: null });
  });

  await test.step('forced colours: the keyboard focus stays visible', async () => {
    await page.emulateMedia({ forcedColors: 'active', colorScheme: 'light' });
    // A grid row, whose own focus mark is a shadow that forced colours remove.
    await row(page, 10001).click();
    await page.keyboard.press('j');
    await expect(grid(page).getByRole('row').and(page.locator(':focus'))).toHaveCount(1);
    const onRow = await focusRing(page);
    expect.soft(onRow, 'the focused row').toMatchObject({ visible: true, style: 'solid' });
    expect.soft(onRow.width, 'the focused row’s outline width').toBeGreaterThanOrEqual(2);
    // A button reached with the keyboard: back from the navigation's first link.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().focus();
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'New job' })).toBeFocused();
    const onButton = await focusRing(page);
    expect.soft(onButton, 'the focused button').toMatchObject({ visible: true, style: 'solid' });
    expect.soft(onButton.width, 'the focused button’s outline width').toBeGreaterThanOrEqual(2);
    await page.emulateMedia({ forcedColors: null });
  });
});
