import type { Page } from '@playwright/test';
import { callHost, localMarketplace, marketplaceRest } from '../support/web-host-ipc';
import { expect, test } from './fixtures';

// Browser mode's notifications (issue 17, item 8): the page asks for permission once, at the
// coordinator's first gesture; a refusal while the page is out of sight becomes a notification that
// opens the Outbox; the Settings switch turns them off. Chromium's own prompt and pop-ups cannot be
// driven headless, so the page's Notification is a recorder installed before the app loads.
test.use({ colorScheme: 'light', viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 90_000 });

interface Recorded {
  asked: number;
  shown: { title: string; body: string; tag: string }[];
}

async function installRecorder(page: Page) {
  await page.addInitScript(() => {
    // The answer the next prompt gives, and what was asked and shown, survive a reload (like a profile).
    const load = (): Recorded & { answer: NotificationPermission; permission: NotificationPermission } =>
      JSON.parse(localStorage.getItem('test:notifications') ?? '{"asked":0,"shown":[],"answer":"default","permission":"default"}');
    const save = (state: ReturnType<typeof load>) => localStorage.setItem('test:notifications', JSON.stringify(state));
    class RecordingNotification {
      onclick: (() => void) | null = null;
      static get permission() {
        return load().permission;
      }
      static async requestPermission() {
        const state = load();
        state.asked += 1;
        state.permission = state.answer;
        save(state);
        return state.permission;
      }
      constructor(title: string, options: { body: string; tag: string }) {
        const state = load();
        state.shown.push({ title, body: options.body, tag: options.tag });
        save(state);
        (window as unknown as { __lastNotification: RecordingNotification }).__lastNotification = this;
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
    // The page is behind another window: notices become notifications, not toasts.
    document.hasFocus = () => false;
  });
}

const recorded = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('test:notifications') ?? '{"asked":0,"shown":[]}') as Recorded);
const refusals = async (page: Page) => (await recorded(page)).shown.filter((notice) => notice.tag === 'refusal');
const answerNextPrompt = (page: Page, answer: NotificationPermission) =>
  page.evaluate((value) => {
    const state = JSON.parse(localStorage.getItem('test:notifications') ?? '{"asked":0,"shown":[],"permission":"default"}');
    localStorage.setItem('test:notifications', JSON.stringify({ ...state, answer: value }));
  }, answer);

/** The marketplace cancels a published order behind the app's back, so unpublishing it is refused. */
async function refuseAnUnpublish(webHost: Parameters<typeof callHost>[0], id: number) {
  await marketplaceRest(webHost, 'DELETE', `workorders/${id}`, { cancel_reason: 2 });
  await callHost(webHost, 'workorders:unpublish', { id });
}

test('asked once at the first gesture; a refusal out of sight is a notification that opens the Outbox; off in Settings', async ({ page, webHost }) => {
  await installRecorder(page);
  await page.goto(webHost.url);
  const status = page.getByRole('group', { name: 'Sync and connection' });
  await expect(status.getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  const nav = page.getByRole('navigation', { name: 'Main' });

  await test.step('nothing is asked at launch; the first click asks once, and a dismissed prompt is not asked again', async () => {
    expect((await recorded(page)).asked).toBe(0);
    await nav.getByRole('link', { name: 'Settings' }).click();
    await expect.poll(async () => (await recorded(page)).asked).toBe(1);
    const section = page.getByRole('region', { name: 'Desktop notifications' });
    await expect(section.getByRole('status', { name: 'Browser permission' })).toContainText('Not allowed in this browser yet.');
    await page.reload();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('region', { name: 'Desktop notifications' })).toBeVisible();
    expect((await recorded(page)).asked).toBe(1);
  });

  await test.step('Allow notifications in Settings asks again, on request', async () => {
    await answerNextPrompt(page, 'granted');
    const section = page.getByRole('region', { name: 'Desktop notifications' });
    await section.getByRole('button', { name: 'Allow notifications' }).click();
    await expect(section.getByRole('status', { name: 'Browser permission' })).toHaveText('Allowed in this browser.');
    expect((await recorded(page)).asked).toBe(2);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await section.screenshot({ path: test.info().outputPath(`settings-notifications-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('a refusal while the page is out of sight: one notification, and clicking it opens the Outbox', async () => {
    await refuseAnUnpublish(webHost, 10009);
    await expect(nav.getByRole('link', { name: /^Outbox.*1 refused/ })).toBeVisible({ timeout: 20_000 });
    // Refusals only: the demo's simulated providers may bring Inbox notices meanwhile.
    await expect.poll(async () => refusals(page)).toEqual([
      { title: 'A change was refused', body: 'The marketplace did not accept it. Open the Outbox to retry, edit or discard.', tag: 'refusal' },
    ]);
    await page.evaluate(() => (window as unknown as { __lastNotification: { onclick: () => void } }).__lastNotification.onclick());
    await expect(page).toHaveURL(/#\/outbox$/);
  });

  await test.step('switched off in Settings, the next refusal shows no notification', async () => {
    await nav.getByRole('link', { name: 'Settings' }).click();
    const toggle = page.getByRole('region', { name: 'Desktop notifications' }).getByRole('switch', { name: /^Notify me while Field Desk is out of sight/ });
    // By keyboard: the switch takes Space like any checkbox.
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).not.toBeChecked();
    await expect.poll(async () => (await callHost<{ notifications: boolean }>(webHost, 'settings:get')).notifications).toBe(false);
    await refuseAnUnpublish(webHost, 10010);
    await expect(nav.getByRole('link', { name: /^Outbox.*2 refused/ })).toBeVisible({ timeout: 20_000 });
    // The refused count reached the page after the moment a notice would have been sent.
    expect(await refusals(page)).toHaveLength(1);
  });
});

test('Inbox kinds chosen in Settings by keyboard stay chosen after a reload; a provider’s upload out of sight is a notification naming its order, and messages stay quiet', async ({ page, webHost }) => {
  const ORDER = 10021;
  await installRecorder(page);
  await page.goto(webHost.url);
  await expect(page.getByRole('group', { name: 'Sync and connection' }).getByRole('status', { name: 'Last sync' })).toHaveText(/^Synced /, { timeout: 45_000 });
  const openSettings = async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    return page.getByRole('region', { name: 'Desktop notifications' }).getByRole('group', { name: 'New in the Inbox' });
  };

  await test.step('Messages unchecked by keyboard, kept by main and after a reload; the others stay on', async () => {
    const kinds = await openSettings();
    const messages = kinds.getByRole('checkbox', { name: 'Messages' });
    await expect(messages).toBeChecked();
    await messages.focus();
    await page.keyboard.press('Space');
    await expect(messages).not.toBeChecked();
    await expect.poll(async () => (await callHost<{ noticeKinds?: Record<string, boolean> }>(webHost, 'settings:get')).noticeKinds).toEqual({ messages: false });
    await page.reload();
    const again = await openSettings();
    await expect(again.getByRole('checkbox', { name: 'Messages' })).not.toBeChecked();
    for (const name of ['Requests and counter-offers', /^Check-ins and check-outs/, 'Problems', 'Deliverables to review']) await expect(again.getByRole('checkbox', { name })).toBeChecked();
  });

  await test.step('disabled, and still shown, while notifications are off', async () => {
    const section = page.getByRole('region', { name: 'Desktop notifications' });
    const toggle = section.getByRole('switch', { name: /^Notify me while Field Desk is out of sight/ });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(section.getByRole('group', { name: 'New in the Inbox' }).getByRole('checkbox', { name: 'Problems' })).toBeDisabled();
    await expect(section).toContainText('Turn notifications on to choose.');
    await section.screenshot({ path: test.info().outputPath('settings-inbox-kinds-off-light.png') });
    await page.keyboard.press('Space');
    await expect(section.getByRole('group', { name: 'New in the Inbox' }).getByRole('checkbox', { name: 'Problems' })).toBeEnabled();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await section.screenshot({ path: test.info().outputPath(`settings-inbox-kinds-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  await test.step('a provider’s upload, pulled while the page is out of sight: an Inbox notification naming the order; no message notification', async () => {
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('test:notifications') ?? '{"asked":0,"shown":[]}');
      localStorage.setItem('test:notifications', JSON.stringify({ ...state, permission: 'granted' }));
    });
    const { origin } = await localMarketplace(webHost);
    const order = await marketplaceRest<{ assignee: { user: { id: number } } }>(webHost, 'GET', `workorders/${ORDER}`);
    const answer = await page.request.post(`${origin}/__local/simulate/upload`, { data: { work_order_id: ORDER, provider_id: order.assignee.user.id, name: 'meter-after.txt', content: 'Meter read.' } });
    expect(answer.ok(), await answer.text()).toBe(true);
    await callHost(webHost, 'sync:now');
    const inboxNotices = async () => (await recorded(page)).shown.filter((notice) => notice.tag === 'inbox');
    // Alone it names who uploaded what; with the simulated providers' own steps in the same pull it counts them.
    await expect
      .poll(async () => (await inboxNotices()).find((notice) => notice.body.includes(`#${ORDER}`)), { timeout: 30_000 })
      .toMatchObject({ body: expect.stringMatching(/uploaded meter-after\.txt on #10021$|deliverables? to review/) });
    expect((await inboxNotices()).filter((notice) => /wrote|message/.test(notice.body) || notice.title === 'A new message')).toEqual([]);
  });
});
