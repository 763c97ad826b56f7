import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventHub } from '../../../src-main/app/event-hub';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import type { createFakeElectron } from './fake-electron';

// The shell with a stand-in app: these tests are about what index.ts does around it (instances,
// menu, notifications, quitting), not about the app, which shell.test.ts starts for real.
const fake = vi.hoisted(() => ({
  electron: undefined as ReturnType<typeof createFakeElectron> | undefined,
  app: undefined as { events: EventHub; close: () => Promise<void> } | undefined,
}));

vi.mock('electron', async () => {
  const { createFakeElectron: create } = await import('./fake-electron');
  fake.electron = create();
  return fake.electron.module;
});

vi.mock('../../../src-main/app/create-app', () => ({
  createApp: vi.fn(() => {
    fake.app = { events: new EventHub(), close: vi.fn(async () => undefined) };
    return { ...fake.app, handlers: {}, logger: createMemoryLogger(), warmUp: vi.fn() };
  }),
}));

function electron() {
  if (!fake.electron) throw new Error('electron mock not loaded');
  return fake.electron;
}

async function launch() {
  await import('../../../src-main/index');
  await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
  const window = electron().windows[0];
  if (!window || !fake.app) throw new Error('no window');
  return { window, app: fake.app };
}

beforeEach(async () => {
  await import('electron');
  electron().reset();
  vi.resetModules();
  delete process.env.FIELD_DESK_DATA_DIR;
});

describe('the desktop app', () => {
  it('moves its data, profile and instance lock to FIELD_DESK_DATA_DIR before taking the lock', async () => {
    process.env.FIELD_DESK_DATA_DIR = '/tmp/field-desk-smoke';
    await launch();
    expect(electron().module.app.setPath).toHaveBeenCalledWith('userData', '/tmp/field-desk-smoke');
    expect(electron().module.app.setPath.mock.invocationCallOrder[0]).toBeLessThan(electron().module.app.requestSingleInstanceLock.mock.invocationCallOrder[0] ?? 0);
  });

  it('brings its window forward when launched a second time', async () => {
    const { window } = await launch();
    electron().appListeners.get('second-instance')?.();
    expect(window.restore).not.toHaveBeenCalled();
    expect(window.show).toHaveBeenCalled();
    expect(window.focus).toHaveBeenCalled();
  });

  it('types a menu shortcut into the window', async () => {
    const { window } = await launch();
    const [template] = electron().module.Menu.buildFromTemplate.mock.calls[0] as unknown as [{ label?: string; submenu?: { label?: string; click?: () => void }[] }[]];
    template.find((menu) => menu.label === 'File')?.submenu?.find((item) => item.label === 'Command palette…')?.click?.();
    const modifier = process.platform === 'darwin' ? 'meta' : 'control';
    expect(window.webContents.sendInputEvent.mock.calls.map(([input]) => input)).toEqual([
      { type: 'keyDown', keyCode: 'k', modifiers: [modifier] },
      { type: 'char', keyCode: 'k', modifiers: [modifier] },
      { type: 'keyUp', keyCode: 'k', modifiers: [modifier] },
    ]);
  });

  it('shows main’s notice while the window is in the background, and a click brings it forward', async () => {
    const { window, app } = await launch();
    const notice = { kind: 'refusal', title: 'A change was refused', body: 'Open the Outbox to retry, edit or discard.' } as const;
    app.events.emit('notices:did-arrive', notice);
    expect(electron().notifications.map((notification) => notification.options)).toEqual([{ title: notice.title, body: notice.body }]);
    expect(electron().notifications[0]?.shown).toBe(true);
    electron().notifications[0]?.listeners.get('click')?.();
    expect(window.focus).toHaveBeenCalled();

    window.focused = true;
    app.events.emit('notices:did-arrive', { ...notice, title: '2 changes were refused' });
    expect(electron().notifications).toHaveLength(1);
  });

  it('quits only once the app has closed (the outbox’s request on the wire finished), then lets the quit through', async () => {
    const { app } = await launch();
    let finishClose = () => {};
    vi.mocked(app.close).mockImplementationOnce(() => new Promise<void>((resolve) => (finishClose = resolve)));
    const willQuit = electron().appListeners.get('will-quit');
    const first = { preventDefault: vi.fn() };
    willQuit?.(first);
    expect(first.preventDefault).toHaveBeenCalled();
    // A second quit while closing (Cmd+Q pressed again) neither closes twice nor goes through.
    const impatient = { preventDefault: vi.fn() };
    willQuit?.(impatient);
    expect(impatient.preventDefault).toHaveBeenCalled();
    expect(app.close).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(electron().module.app.quit).not.toHaveBeenCalled();
    // No notification from events that arrive while closing.
    app.events.emit('notices:did-arrive', { kind: 'refusal', title: '5 changes were refused', body: 'Open the Outbox.' });
    expect(electron().notifications).toHaveLength(0);

    finishClose();
    await vi.waitFor(() => expect(electron().module.app.quit).toHaveBeenCalledTimes(1));
    const last = { preventDefault: vi.fn() };
    willQuit?.(last);
    expect(last.preventDefault).not.toHaveBeenCalled();
  });
});
