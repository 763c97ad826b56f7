import type { Locator, Page } from '@playwright/test';
import { until } from '../support/until';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import type { WebHostProcess } from '../support/web-host-process';
import { expect, test } from './fixtures';
import { openWorkspace } from './support/workspace';

// Issue 25: the dispatch board. Orders are dropped from the tray onto providers, moved along time
// and onto other providers, by mouse and by keyboard; each move goes through the outbox and is read
// back from the marketplace. The coordinator works in Chicago; the seed's sites are in other zones.
test.use({ viewport: { width: 1440, height: 900 }, locale: 'en-US', timezoneId: 'America/Chicago' });

const ZONE = 'America/Chicago';
/** Seed (local marketplace, seed/work-orders.ts): a published order, and two assigned ones. */
const PUBLISHED = 10008;
const ASSIGNED = 10018;
const OTHER_ASSIGNED = 10019;

interface MarketOrder {
  id: number;
  status: { name: string };
  assignee?: { user?: { id?: number } } | null;
  schedule?: { service_window?: { mode?: string; start?: { utc?: string; local?: { date?: string; time?: string } }; end?: { utc?: string } } };
}

const order = (host: WebHostProcess, id: number) => marketplaceRest<MarketOrder>(host, 'GET', `workorders/${id}`);
const epoch = (utc: string | undefined) => Date.parse(`${(utc ?? '').replace(' ', 'T')}Z`);
/** The coordinator's calendar day of a moment, as the date field takes it. */
const dayIn = (moment: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(moment));
const plusHours = (utc: string | undefined, hours: number) => new Date(epoch(utc) + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

function onMarketplace(host: WebHostProcess, id: number, done: (candidate: MarketOrder) => boolean, what: string): Promise<MarketOrder> {
  return until(() => order(host, id), done, `#${id} ${what} on the marketplace`, 30_000, 150);
}

/**
 * Scrolls the board so a block sits mid-lane: a drag a few hours along from it then ends on the lane
 * whatever the time of day the seed put it at, not under the tray at the board's right.
 */
async function centred(blockOf: Locator): Promise<void> {
  await blockOf.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'center' }));
}

/** Opens the board (g d) on the period of `kind` holding `moment` (the workspace open). */
async function openBoard(page: Page, kind: 'Day' | 'Week', moment: number): Promise<Locator> {
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  const board = page.getByRole('region', { name: 'Dispatch board' });
  await board.getByRole('group', { name: 'Period' }).getByRole('button', { name: kind, exact: true }).click();
  await board.getByLabel('Go to date').fill(dayIn(moment));
  return board;
}

const block = (board: Locator, id: number) => board.getByRole('list', { name: 'Providers' }).getByRole('button', { name: new RegExp(`^#${id} `) });
const lane = (board: Locator, providerName: string) => board.getByRole('group', { name: `${providerName}'s orders` });

/**
 * Scrolls the timeline back to the period's first hour: a period opens on its working part (now, or
 * its first order), which the seed's times relative to now move through the day.
 */
async function toPeriodStart(board: Locator, providerName: string): Promise<void> {
  // Until it stays there: the board scrolls once to a period's working part as it opens it.
  const scrolled = () =>
    lane(board, providerName).evaluate(async (element) => {
      let node = element.parentElement;
      while (node && node.scrollWidth <= node.clientWidth) node = node.parentElement;
      if (!node) return 0;
      node.scrollLeft = 0;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return node.scrollLeft;
    });
  await expect.poll(scrolled).toBe(0);
}

/**
 * Scrolls the timeline along, half a view at a time (back to the start past the end), until `drawn`
 * is drawn: a row draws only the blocks near the time in view, and where a period opens depends on
 * the hour the test runs at.
 */
async function scrollUntilDrawn(board: Locator, providerName: string, drawn: Locator): Promise<void> {
  await expect
    .poll(async () => {
      if ((await drawn.count()) > 0) return true;
      await lane(board, providerName).evaluate(async (element) => {
        let node = element.parentElement;
        while (node && node.scrollWidth <= node.clientWidth) node = node.parentElement;
        if (!node) return;
        node.scrollLeft = node.scrollLeft + node.clientWidth >= node.scrollWidth ? 0 : node.scrollLeft + node.clientWidth / 2;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      return false;
    })
    .toBe(true);
}

/** The provider row a block sits in, by its lane's name. */
async function rowOf(target: Locator): Promise<string> {
  const name = await target.locator('xpath=ancestor::*[@role="group"][1]').getAttribute('aria-label');
  return (name ?? '').replace(/'s orders$/, '');
}

/** Another provider on the board than `name`. */
async function otherProvider(board: Locator, name: string): Promise<string> {
  const names = await board.getByRole('list', { name: 'Providers' }).getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  const other = names.find((candidate) => candidate !== name);
  if (!other) throw new Error('only one provider on the board');
  return other;
}

async function providerId(host: WebHostProcess, id: number): Promise<number | undefined> {
  return (await order(host, id)).assignee?.user?.id;
}

/**
 * Two hours later, or two hours earlier when later would leave the day the board shows: the seed's
 * times follow the clock, so at some hours an order starts late in the evening (on the coordinator's
 * clock, the board's). Answers the hours to move by.
 */
const twoHoursAlong = (start: number) => (Number(new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', hourCycle: 'h23' }).format(new Date(start))) + 2 < 24 ? 2 : -2);

test('by mouse: a tray order assigned, a block moved two hours along, another reassigned, a conflict asked first', async ({ page, webHost }) => {
  test.setTimeout(90_000);
  await openWorkspace(page, webHost.url);
  await callHost(webHost, 'settings:update', { undoSeconds: 0 });
  const before = await order(webHost, ASSIGNED);
  const start = epoch(before.schedule?.service_window?.start?.utc);
  const board = await openBoard(page, 'Day', start);
  const notifications = page.getByRole('region', { name: 'Notifications', exact: true });

  // Two hours along, 64 px an hour on a day.
  const along = twoHoursAlong(start);
  const moving = block(board, ASSIGNED);
  await expect(moving).toBeVisible();
  const owner = await rowOf(moving);
  await centred(moving);
  const box = (await moving.boundingBox()) as { x: number; y: number; width: number; height: number };
  const laneBox = (await lane(board, owner).boundingBox()) as { x: number; y: number };
  await moving.dragTo(lane(board, owner), { sourcePosition: { x: 4, y: 8 }, targetPosition: { x: box.x - laneBox.x + 4 + along * 64, y: 10 } });
  await expect(notifications).toContainText(`Moved #${ASSIGNED}`);
  const moved = await onMarketplace(webHost, ASSIGNED, (candidate) => candidate.schedule?.service_window?.start?.utc === plusHours(before.schedule?.service_window?.start?.utc, along), 'two hours along');
  // The site's own clock moved two hours too (its local time, as the marketplace says it).
  const localBefore = before.schedule?.service_window?.start?.local?.time ?? '';
  expect(Number(moved.schedule?.service_window?.start?.local?.time?.slice(0, 2))).toBe((Number(localBefore.slice(0, 2)) + along + 24) % 24);
  expect(moved.schedule?.service_window?.mode).toBe(before.schedule?.service_window?.mode);

  // A tray order dropped on a provider: the coordinator chooses Assign.
  const published = await order(webHost, PUBLISHED);
  await board.getByLabel('Go to date').fill(dayIn(epoch(published.schedule?.service_window?.start?.utc)));
  const card = board.getByRole('list', { name: 'Orders that need a provider' }).getByRole('button', { name: new RegExp(`^#${PUBLISHED} `) });
  await toPeriodStart(board, owner);
  await card.dragTo(lane(board, owner), { targetPosition: { x: 40, y: 10 } });
  const ask = page.getByRole('dialog', { name: `#${PUBLISHED} to ${owner}` });
  await expect(ask.getByRole('button', { name: 'Route' })).toBeVisible();
  // Dropped at the day's first hour, away from its own time: told it keeps that time.
  await expect(ask.getByRole('group', { name: 'Conflicts' })).toContainText(`outside #${PUBLISHED}'s own time`);
  await ask.getByRole('button', { name: 'Assign' }).click();
  await expect(notifications).toContainText(`Assigned #${PUBLISHED}`);
  const ownerId = await providerId(webHost, ASSIGNED);
  await onMarketplace(webHost, PUBLISHED, (candidate) => candidate.status.name === 'Assigned' && candidate.assignee?.user?.id === ownerId, 'assigned');

  // Reassigned by dragging onto another provider: asked first.
  const other = await order(webHost, OTHER_ASSIGNED);
  await board.getByLabel('Go to date').fill(dayIn(epoch(other.schedule?.service_window?.start?.utc)));
  const otherBlock = block(board, OTHER_ASSIGNED);
  await scrollUntilDrawn(board, owner, otherBlock);
  const from = await rowOf(otherBlock);
  const to = await otherProvider(board, from);
  // At its own time on the other row: a lane's left end may sit under the sticky names, scrolled past.
  const otherBox = (await otherBlock.boundingBox()) as { x: number };
  const toLane = (await lane(board, to).boundingBox()) as { x: number };
  await otherBlock.dragTo(lane(board, to), { sourcePosition: { x: 4, y: 8 }, targetPosition: { x: otherBox.x - toLane.x + 4, y: 10 } });
  const reassign = page.getByRole('dialog', { name: `Reassign #${OTHER_ASSIGNED}?` });
  await reassign.getByRole('button', { name: /^Reassign/ }).click();
  await expect(notifications).toContainText(`Reassigned #${OTHER_ASSIGNED}`);
  await expect(block(board, OTHER_ASSIGNED)).toHaveCount(1);
  await expect(lane(board, to).getByRole('button', { name: new RegExp(`^#${OTHER_ASSIGNED} `) })).toBeVisible();
  await onMarketplace(webHost, OTHER_ASSIGNED, (candidate) => candidate.assignee?.user?.id !== undefined && candidate.assignee.user.id !== other.assignee?.user?.id, 'reassigned');

  // A drop onto a conflict asks before anything is queued. The marketplace (a test door, not the
  // coordinator) puts #10008, now the same provider's, three hours from #10018 on the same day.
  const movedStart = epoch(moved.schedule?.service_window?.start?.utc);
  const hours = dayIn(movedStart + 3 * 3_600_000) === dayIn(movedStart) ? 3 : -3;
  const nearby = new Date(movedStart + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  await marketplaceRest(webHost, 'PUT', `workorders/${PUBLISHED}`, { schedule: { service_window: { mode: 'exact', start: { utc: nearby } } } });
  const placed = await order(webHost, PUBLISHED);
  // A refresh keeps the cached order while its assign still waits in the outbox: asked again until it takes the marketplace's time.
  await until(
    () => callHost<{ order: MarketOrder }>(webHost, 'workorders:refresh', { id: PUBLISHED }),
    (detail) => detail.order.schedule?.service_window?.start?.utc === placed.schedule?.service_window?.start?.utc,
    `#${PUBLISHED} refreshed at its new time`,
    30_000,
    200,
  );
  await board.getByLabel('Go to date').fill(dayIn(movedStart));
  await scrollUntilDrawn(board, owner, block(board, ASSIGNED));
  await centred(block(board, ASSIGNED));
  await expect(block(board, PUBLISHED)).toBeVisible();
  const outboxBefore = (await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries.length;
  await centred(block(board, ASSIGNED));
  const mine = (await block(board, ASSIGNED).boundingBox()) as { x: number };
  const ownerLane = (await lane(board, owner).boundingBox()) as { x: number };
  await block(board, ASSIGNED).dragTo(lane(board, owner), { sourcePosition: { x: 4, y: 8 }, targetPosition: { x: mine.x - ownerLane.x + 4 + hours * 64, y: 10 } });
  const conflict = page.getByRole('dialog', { name: `Move #${ASSIGNED}?` });
  await expect(conflict.getByRole('group', { name: 'Conflicts' })).toContainText(`#${PUBLISHED}`);
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(conflict).toBeHidden();
  expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries.length).toBe(outboxBefore);
});

test('by keyboard: pick up with Enter, arrows to move, Enter to drop; offline the moves wait and land when back', async ({ page, webHost }) => {
  test.setTimeout(90_000);
  await openWorkspace(page, webHost.url);
  await callHost(webHost, 'settings:update', { undoSeconds: 0 });
  const before = await order(webHost, ASSIGNED);
  const board = await openBoard(page, 'Day', epoch(before.schedule?.service_window?.start?.utc));
  const live = board.locator('[aria-live="assertive"]');
  const along = twoHoursAlong(epoch(before.schedule?.service_window?.start?.utc));

  await callHost(webHost, 'connectivity:set-offline', { offline: true });
  // A block two hours along: four steps of 30 minutes.
  const moving = block(board, ASSIGNED);
  await moving.focus();
  await page.keyboard.press('Enter');
  await expect(live).toContainText(`Picked up #${ASSIGNED}`);
  for (let step = 0; step < 4; step++) await page.keyboard.press(along > 0 ? 'ArrowRight' : 'ArrowLeft');
  await expect(live).toContainText('Over ');
  await page.keyboard.press('Enter');
  await expect(block(board, ASSIGNED)).toHaveAccessibleName(/Waiting to be sent/);

  // A tray order assigned to the first provider.
  const card = board.getByRole('list', { name: 'Orders that need a provider' }).getByRole('button', { name: new RegExp(`^#${PUBLISHED} `) });
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(live).toContainText(`Picked up #${PUBLISHED}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const first = (await board.getByRole('list', { name: 'Providers' }).getByRole('listitem').first().getAttribute('aria-label')) ?? '';
  const ask = page.getByRole('dialog', { name: `#${PUBLISHED} to ${first}` });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Assign' }).focus();
  await page.keyboard.press('Enter');
  await expect(ask).toBeHidden();

  // Escape puts a picked-up order back. The assign may have scrolled the board off it: a row draws only the blocks near the time in view.
  await scrollUntilDrawn(board, first, block(board, ASSIGNED));
  await block(board, ASSIGNED).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await expect(live).toHaveText('Put back; nothing changed.');

  // Nothing reached the marketplace while offline; back online both land.
  const outbox = await callHost<{ entries: { summary: string }[] }>(webHost, 'outbox:list');
  expect(outbox.entries.map((entry) => entry.summary).join('\n')).toMatch(new RegExp(`Move #${ASSIGNED}`));
  expect((await order(webHost, ASSIGNED)).schedule?.service_window?.start?.utc).toBe(before.schedule?.service_window?.start?.utc);
  await callHost(webHost, 'connectivity:set-offline', { offline: false });
  await onMarketplace(webHost, ASSIGNED, (candidate) => candidate.schedule?.service_window?.start?.utc === plusHours(before.schedule?.service_window?.start?.utc, along), 'two hours along');
  await onMarketplace(webHost, PUBLISHED, (candidate) => candidate.status.name === 'Assigned', 'assigned');

  // Reassigned by keyboard: Enter, ↓ to the next provider, Enter, then the confirmation.
  const other = await order(webHost, OTHER_ASSIGNED);
  await board.getByLabel('Go to date').fill(dayIn(epoch(other.schedule?.service_window?.start?.utc)));
  const otherBlock = block(board, OTHER_ASSIGNED);
  await scrollUntilDrawn(board, first, otherBlock);
  await otherBlock.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press(((await rowOf(otherBlock)) === first ? 'ArrowDown' : 'ArrowUp'));
  await page.keyboard.press('Enter');
  const reassign = page.getByRole('dialog', { name: `Reassign #${OTHER_ASSIGNED}?` });
  await expect(reassign.getByRole('button', { name: /^Reassign/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await onMarketplace(webHost, OTHER_ASSIGNED, (candidate) => candidate.assignee?.user?.id !== other.assignee?.user?.id, 'reassigned');
});

test('a move the marketplace refuses comes back to the board, marked, with the marketplace’s reason', async ({ page, webHost }) => {
  await openWorkspace(page, webHost.url);
  await callHost(webHost, 'settings:update', { undoSeconds: 0 });
  const { origin } = await localMarketplace(webHost);
  const fault = await page.request.post(`${origin}/__local/faults`, { data: { status: 400, path: `workorders/${ASSIGNED}`, method: 'PUT', count: 1 } });
  expect(fault.ok()).toBe(true);
  const before = await order(webHost, ASSIGNED);
  const board = await openBoard(page, 'Day', epoch(before.schedule?.service_window?.start?.utc));
  await block(board, ASSIGNED).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(block(board, ASSIGNED)).toHaveAccessibleName(/Refused change/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Notifications', exact: true })).toContainText(`#${ASSIGNED}`);
  // Back where the marketplace has it.
  expect((await order(webHost, ASSIGNED)).schedule?.service_window?.start?.utc).toBe(before.schedule?.service_window?.start?.utc);
});

test('a provider booked elsewhere by their marketplace schedule: drawn on their row, asked about before a drop, still known offline', async ({ page, webHost }, info) => {
  test.setTimeout(120_000);
  await openWorkspace(page, webHost.url);
  const mine = await order(webHost, ASSIGNED);
  const theirs = await order(webHost, OTHER_ASSIGNED);
  const busyId = theirs.assignee?.user?.id;
  expect(busyId).toBeDefined();
  expect(busyId).not.toBe(mine.assignee?.user?.id);
  const busy = await marketplaceRest<{ first_name: string; last_name: string }>(webHost, 'GET', `users/${busyId}`);
  const busyName = `${busy.first_name} ${busy.last_name}`;
  // Behind the app's back (another coordinator, not yet pulled here): their order moves onto the
  // time of ours, so the provider is booked then by the marketplace's schedule alone.
  await marketplaceRest(webHost, 'PUT', `workorders/${OTHER_ASSIGNED}`, { schedule: { service_window: { mode: 'exact', start: { utc: mine.schedule?.service_window?.start?.utc } } } });
  const board = await openBoard(page, 'Day', epoch(mine.schedule?.service_window?.start?.utc));
  const live = board.locator('[aria-live="assertive"]');

  // Ours picked up and carried down to their row: the row scrolls into view and its schedule is checked.
  await block(board, ASSIGNED).focus();
  await page.keyboard.press('Enter');
  for (let step = 0; step < 30 && !(await live.textContent())?.includes(`Over ${busyName},`); step++) await page.keyboard.press('ArrowDown');
  await expect(live).toContainText(`Over ${busyName},`);
  await expect(lane(board, busyName).getByRole('img', { name: /^Booked elsewhere / })).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: info.outputPath('board-booked-elsewhere.png') });
  const outboxBefore = (await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries.length;
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: `Reassign #${ASSIGNED}?` });
  await expect(ask.getByRole('group', { name: 'Conflicts' })).toContainText(`${busyName} is booked elsewhere`);
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  expect((await callHost<{ entries: unknown[] }>(webHost, 'outbox:list')).entries.length).toBe(outboxBefore);

  // Offline, the board is read again from the cache: the booking is still drawn.
  await callHost(webHost, 'connectivity:set-offline', { offline: true });
  await board.getByRole('button', { name: 'Later', exact: true }).click();
  await board.getByRole('button', { name: 'Earlier', exact: true }).click();
  await expect(lane(board, busyName).getByRole('img', { name: /^Booked elsewhere / })).toBeAttached();
  await callHost(webHost, 'connectivity:set-offline', { offline: false });
});

test('screenshots of the board, a day and a week, light and dark', async ({ page, webHost }, info) => {
  await openWorkspace(page, webHost.url);
  const assigned = await order(webHost, ASSIGNED);
  const board = await openBoard(page, 'Day', epoch(assigned.schedule?.service_window?.start?.utc));
  await expect(block(board, ASSIGNED)).toBeVisible();
  // The day opened an hour before its earliest order: no block of it is cut at the names' edge.
  const namesEdge = async () => {
    const name = (await board.getByRole('list', { name: 'Providers' }).getByRole('listitem').first().locator('.name').boundingBox()) ?? { x: 0, width: 0 };
    return name.x + name.width;
  };
  const blocks = board.getByRole('list', { name: 'Providers' }).getByRole('button', { name: /^#\d+ / });
  await expect.poll(async () => Math.min(...(await blocks.evaluateAll((found) => found.map((element) => element.getBoundingClientRect().left)))) - (await namesEdge())).toBeGreaterThanOrEqual(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await board.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Day', exact: true }).click();
    await page.screenshot({ path: info.outputPath(`board-day-${scheme}.png`) });
    await board.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Week', exact: true }).click();
    await expect(block(board, ASSIGNED)).toBeVisible();
    // A day scrolled partly under the names keeps its label beside them, whole: none starts left of their edge.
    const dayLabels = board.getByText(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /);
    await expect
      .poll(async () => {
        const edge = await namesEdge();
        const shown = (await dayLabels.evaluateAll((found) => found.map((element) => element.getBoundingClientRect()))).filter((label) => label.right > edge + 1);
        return shown.length > 0 ? Math.min(...shown.map((label) => label.left)) - edge : Number.NaN;
      })
      .toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: info.outputPath(`board-week-${scheme}.png`) });
  }
});
