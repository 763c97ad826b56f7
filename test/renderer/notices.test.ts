import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '../../src-shared/ipc/notices';
import { api } from './support/fake-api';

// Main's notices as a browser page shows them: the page's Notification while out of sight, nothing in
// front, nothing when the Settings switch is off or in the desktop app.
const fake = vi.hoisted(() => ({
  screens: [] as string[],
  shown: [] as { title: string; body?: string; tag?: string; instance: { onclick: null | (() => void); close: () => void } }[],
  permission: 'granted' as NotificationPermission,
  requested: 0,
  notifications: true,
}));
vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));
vi.mock('../../src-renderer/lib/router.svelte', () => ({ router: { go: (screen: string) => fake.screens.push(screen) } }));
vi.mock('../../src-renderer/lib/app-state.svelte', () => ({ appState: { get settings() { return { notifications: fake.notifications }; } } }));

class FakeNotification {
  static get permission() {
    return fake.permission;
  }
  static async requestPermission() {
    fake.requested += 1;
    fake.permission = 'granted';
    return fake.permission;
  }
  onclick: null | (() => void) = null;
  constructor(title: string, options: { body?: string; tag?: string }) {
    fake.shown.push({ title, ...options, instance: this });
  }
  close() {}
}
vi.stubGlobal('Notification', FakeNotification);
// The renderer project runs on Node's globals: a page's window, document and storage, as far as notices use them.
const page = { focused: true, storage: new Map<string, string>() };
vi.stubGlobal('window', Object.assign(new EventTarget(), { focus: () => undefined }));
vi.stubGlobal('document', { visibilityState: 'visible', hasFocus: () => page.focused });
vi.stubGlobal('localStorage', {
  getItem: (key: string) => page.storage.get(key) ?? null,
  setItem: (key: string, value: string) => page.storage.set(key, value),
  clear: () => page.storage.clear(),
});

const { notices } = await import('../../src-renderer/state/notices.svelte');
const { toasts } = await import('../../src-renderer/lib/toasts.svelte');
const { orderRequest } = await import('../../src-renderer/state/palette.svelte');

const refusal: Notice = { kind: 'refusal', title: 'A change was refused', body: 'Open the Outbox.' };
const inbox: Notice = { kind: 'inbox', title: '3 new in the Inbox', body: '2 messages and a late check-in on #7 and #9' };
const oneOrder: Notice = { kind: 'inbox', title: 'A new deliverable to review', body: 'Emily Chen uploaded panel.jpg on #7', workOrderId: 7 };
const arrive = (notice: Notice) => api.emit('notices:did-arrive', notice);
const lookAway = (away: boolean) => (page.focused = !away);

describe('notices in browser mode', () => {
  beforeEach(() => {
    api.reset();
    Object.assign(fake, { screens: [], shown: [], permission: 'granted', requested: 0, notifications: true });
    localStorage.clear();
    toasts.items = [];
  });

  it('show a browser notification while the page is out of sight, and open what it is about when clicked', () => {
    const stop = notices.start();
    lookAway(true);
    arrive(refusal);
    expect(fake.shown.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([{ title: 'A change was refused', body: 'Open the Outbox.', tag: 'refusal' }]);
    fake.shown[0]?.instance.onclick?.();
    expect(fake.screens).toEqual(['outbox']);
    stop();
  });

  it('in front: no notification and no toast (the Inbox’s badge says it); out of sight, a notice of several orders opens the Inbox', () => {
    const stop = notices.start();
    lookAway(false);
    arrive(refusal);
    arrive(inbox);
    expect(fake.shown).toEqual([]);
    expect(toasts.items).toEqual([]);
    lookAway(true);
    arrive(inbox);
    expect(fake.shown.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([{ title: '3 new in the Inbox', body: '2 messages and a late check-in on #7 and #9', tag: 'inbox' }]);
    fake.shown[0]?.instance.onclick?.();
    expect(fake.screens).toEqual(['inbox']);
    stop();
  });

  it('out of sight: a notice about one order carries it, so clicking opens the order, not the Inbox', () => {
    const stop = notices.start();
    lookAway(true);
    arrive(oneOrder);
    expect(fake.shown.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([{ title: 'A new deliverable to review', body: 'Emily Chen uploaded panel.jpg on #7', tag: 'inbox' }]);
    fake.shown[0]?.instance.onclick?.();
    expect(fake.screens).toEqual(['work-orders']);
    expect(orderRequest.take()).toBe(7);
    stop();
  });

  it('stay silent when the Settings switch is off, and in the desktop app (main shows its own)', () => {
    lookAway(true);
    fake.notifications = false;
    let stop = notices.start();
    arrive(refusal);
    stop();
    fake.notifications = true;
    api.desktop = true;
    stop = notices.start();
    arrive(refusal);
    stop();
    expect(fake.shown).toEqual([]);
    expect(api.listenerCount('notices:did-arrive')).toBe(0);
  });

  it('in the desktop app, open what a clicked notification is about: its order, or the Outbox', () => {
    api.desktop = true;
    const stop = notices.start();
    api.emit('notices:did-click', oneOrder);
    expect(fake.screens).toEqual(['work-orders']);
    expect(orderRequest.take()).toBe(7);
    api.emit('notices:did-click', refusal);
    expect(fake.screens).toEqual(['work-orders', 'outbox']);
    stop();
    expect(api.listenerCount('notices:did-click')).toBe(0);
  });

  it('ask the browser once, at the first gesture, and never again', async () => {
    fake.permission = 'default';
    let stop = notices.start();
    expect(fake.requested).toBe(0);
    window.dispatchEvent(new Event('keydown'));
    await vi.waitFor(() => expect(notices.access).toBe('granted'));
    stop();
    fake.permission = 'default';
    stop = notices.start();
    window.dispatchEvent(new Event('pointerdown'));
    expect(fake.requested).toBe(1);
    stop();
  });
});
