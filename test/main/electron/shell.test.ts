import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src-main/app/create-app';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { temporaryDir } from '../../support/temporary-dir';
import type { createFakeElectron } from './fake-electron';

const fake = vi.hoisted(() => ({ current: undefined as ReturnType<typeof createFakeElectron> | undefined }));

vi.mock('electron', async () => {
  const { createFakeElectron: create } = await import('./fake-electron');
  fake.current = create();
  return fake.current.module;
});

function electron() {
  if (!fake.current) throw new Error('electron mock not loaded');
  return fake.current;
}

beforeEach(async () => {
  await import('electron');
  electron().reset();
  vi.resetModules();
});

const RENDERER = 'file:///opt/field-desk/out/renderer/index.html';

describe('the Electron IPC bridge', () => {
  it('registers every channel of the contract and answers through the dispatcher', async () => {
    const { registerIpc } = await import('../../../src-main/electron/ipc-bridge');
    const { channels } = await import('../../../src-shared/ipc/channels');
    const app = createApp({ dataDir: temporaryDir(), host: 'electron', logger: createMemoryLogger() });
    const unregister = registerIpc(app, RENDERER, () => undefined);
    expect([...electron().handlers.keys()].sort()).toEqual(Object.keys(channels).sort());

    const handle = electron().handlers.get('app:info');
    expect(await handle?.({ senderFrame: { url: RENDERER } }, undefined)).toMatchObject({ ok: true, value: { host: 'electron' } });
    expect(await handle?.({ senderFrame: { url: 'https://evil.example/' } }, undefined)).toMatchObject({
      ok: false,
      error: { code: 'IPC_FORBIDDEN_SENDER' },
    });
    expect(await handle?.({ senderFrame: null }, undefined)).toMatchObject({ ok: false, error: { code: 'IPC_FORBIDDEN_SENDER' } });
    expect(await electron().handlers.get('settings:update')?.({ senderFrame: { url: RENDERER } }, { theme: 'neon' })).toMatchObject({
      ok: false,
      error: { code: 'IPC_INVALID_INPUT' },
    });

    unregister();
    expect(electron().handlers.size).toBe(0);
  });

  it('forwards events from main to the window', async () => {
    const { registerIpc } = await import('../../../src-main/electron/ipc-bridge');
    const { createMainWindow } = await import('../../../src-main/electron/window');
    const app = createApp({ dataDir: temporaryDir(), host: 'electron', logger: createMemoryLogger() });
    const window = createMainWindow(RENDERER);
    registerIpc(app, RENDERER, () => window as never);
    await electron().handlers.get('settings:update')?.({ senderFrame: { url: RENDERER } }, { theme: 'dark' });
    expect(electron().windows[0]?.sent).toEqual([['settings:did-change', { theme: 'dark', undoSeconds: 10, notifications: true }]]);
  });
});

describe('the main window', () => {
  it('loads the renderer with the secure preferences and the preload', async () => {
    const { createMainWindow } = await import('../../../src-main/electron/window');
    createMainWindow(RENDERER);
    const window = electron().windows[0];
    expect(window?.loadedUrl).toBe(RENDERER);
    expect(window?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: expect.stringMatching(/preload[/\\]index\.js$/) });
    const { secureWebPreferences } = await import('../../../src-main/electron/security-policy');
    const preload = (window?.options.webPreferences as { preload: string }).preload;
    expect(window?.options.webPreferences).toEqual(secureWebPreferences(preload));
  });

  it('denies new windows (opening https links outside) and navigation away from the renderer', async () => {
    const { createMainWindow } = await import('../../../src-main/electron/window');
    createMainWindow(RENDERER);
    const window = electron().windows[0];
    expect(window?.openHandler?.({ url: 'https://example.com/help' })).toEqual({ action: 'deny' });
    expect(electron().module.shell.openExternal).toHaveBeenCalledWith('https://example.com/help');
    expect(window?.openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(electron().module.shell.openExternal).toHaveBeenCalledTimes(1);

    const navigate = window?.contentsListeners.get('will-navigate');
    const away = { preventDefault: vi.fn() };
    navigate?.(away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    const inside = { preventDefault: vi.fn() };
    navigate?.(inside, `${RENDERER}#/settings`);
    expect(inside.preventDefault).not.toHaveBeenCalled();

    const redirect = window?.contentsListeners.get('will-redirect');
    const redirected = { preventDefault: vi.fn() };
    redirect?.(redirected, 'https://evil.example/');
    expect(redirected.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    window?.contentsListeners.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('opens where it was left and maximizes once the page is ready', async () => {
    const { createMainWindow } = await import('../../../src-main/electron/window');
    createMainWindow(RENDERER, { bounds: { x: 50, y: 60, width: 1000, height: 700 }, maximized: true });
    const window = electron().windows[0];
    expect(window?.options).toMatchObject({ x: 50, y: 60, width: 1000, height: 700 });
    expect(window?.maximize).not.toHaveBeenCalled();
    window?.emit('ready-to-show');
    expect(window?.maximize).toHaveBeenCalled();
    expect(window?.show).toHaveBeenCalled();
  });
});

describe('the app entry', () => {
  it('quits when another instance holds the lock', async () => {
    electron().module.app.lock = false;
    await import('../../../src-main/index');
    expect(electron().module.app.quit).toHaveBeenCalled();
    expect(electron().windows).toHaveLength(0);
  });

  it('denies every permission request and opens one window', async () => {
    process.env.FIELD_DESK_DATA_DIR = temporaryDir();
    electron().module.app.getPath.mockReturnValue(process.env.FIELD_DESK_DATA_DIR);
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
    const callback = vi.fn();
    electron().permissionHandlers.request?.({}, 'geolocation', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(electron().permissionHandlers.check?.()).toBe(false);
    delete process.env.FIELD_DESK_DATA_DIR;
  });

  it('sandboxes every renderer before the app is ready and installs the menu', async () => {
    electron().module.app.getPath.mockReturnValue(temporaryDir());
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
    // The fake throws like Electron when the sandbox is switched on too late.
    expect(electron().module.app.enableSandbox).toHaveBeenCalledTimes(1);
    expect(electron().module.app.enableSandbox).toHaveReturned();
    const [template] = electron().module.Menu.buildFromTemplate.mock.calls[0] ?? [];
    expect(JSON.stringify(template)).toContain('"selectAll"');
    expect(JSON.stringify(template)).not.toContain('toggleDevTools');
    expect(electron().module.Menu.setApplicationMenu).toHaveBeenCalledWith({ template });
  });

  it('sends the renderer CSP with every response and cancels remote requests', async () => {
    electron().module.app.getPath.mockReturnValue(temporaryDir());
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
    const html = readFileSync(join(__dirname, '../../../src-renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toContain("default-src 'self'");

    const headers = vi.fn();
    electron().requestHandlers.headersReceived?.({ responseHeaders: { 'Content-Type': ['text/html'] } }, headers);
    expect(headers).toHaveBeenCalledWith({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [meta] } });

    const request = vi.fn();
    electron().requestHandlers.beforeRequest?.({ url: 'https://cdn.example/tracker.js' }, request);
    expect(request).toHaveBeenLastCalledWith({ cancel: true });
    electron().requestHandlers.beforeRequest?.({ url: electron().windows[0]?.loadedUrl }, request);
    expect(request).toHaveBeenLastCalledWith({ cancel: false });
  });

  it('restores the saved window state and saves it again on close', async () => {
    const userData = temporaryDir();
    const stateFile = join(userData, 'window-state.json');
    writeFileSync(stateFile, JSON.stringify({ bounds: { x: 100, y: 80, width: 1100, height: 750 }, maximized: true }));
    electron().module.app.getPath.mockReturnValue(userData);
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
    const window = electron().windows[0];
    expect(window?.options).toMatchObject({ x: 100, y: 80, width: 1100, height: 750 });
    window?.emit('ready-to-show');
    expect(window?.maximize).toHaveBeenCalled();

    if (window) window.normalBounds = { x: 300, y: 200, width: 1000, height: 700 };
    window?.emit('close');
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({ bounds: { x: 300, y: 200, width: 1000, height: 700 }, maximized: true });
  });

  it('waits for the app to close before it lets the quit go through', async () => {
    electron().module.app.getPath.mockReturnValue(temporaryDir());
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
    const willQuit = electron().appListeners.get('will-quit');
    const first = { preventDefault: vi.fn() };
    willQuit?.(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(electron().handlers.size).toBe(0);
    await vi.waitFor(() => expect(electron().module.app.quit).toHaveBeenCalledTimes(1));
    const second = { preventDefault: vi.fn() };
    willQuit?.(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
  });

  it('says why and quits when the app cannot start', async () => {
    const blocker = join(temporaryDir(), 'a-file');
    writeFileSync(blocker, '');
    // The data dir lies under a file, so the logs folder cannot be made.
    electron().module.app.getPath.mockReturnValue(join(blocker, 'user-data'));
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().module.app.quit).toHaveBeenCalled());
    expect(electron().module.dialog.showErrorBox).toHaveBeenCalledWith('Field Desk could not start', expect.any(String));
    expect(electron().windows).toHaveLength(0);
  });

  it('ignores a saved window that is off every display', async () => {
    const userData = temporaryDir();
    writeFileSync(join(userData, 'window-state.json'), JSON.stringify({ bounds: { x: 5000, y: 80, width: 1100, height: 750 }, maximized: false }));
    electron().module.app.getPath.mockReturnValue(userData);
    await import('../../../src-main/index');
    await vi.waitFor(() => expect(electron().windows).toHaveLength(1));
    expect(electron().windows[0]?.options).toMatchObject({ width: 1280, height: 820 });
    expect(electron().windows[0]?.options).not.toHaveProperty('x');
  });

  it('saves the window state once moving and resizing settle', async () => {
    vi.useFakeTimers();
    try {
      const { trackWindowState } = await import('../../../src-main/electron/window-state');
      const { createMainWindow } = await import('../../../src-main/electron/window');
      const stateFile = join(temporaryDir(), 'window-state.json');
      const window = createMainWindow(RENDERER);
      trackWindowState(window, stateFile);
      const fakeWindow = electron().windows[0];
      fakeWindow?.emit('move');
      fakeWindow?.emit('resize');
      expect(() => readFileSync(stateFile)).toThrow();
      vi.advanceTimersByTime(500);
      expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({ bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: false });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the preload bridge', () => {
  it('exposes invoke, on and uploadFile, refusing malformed channel names', async () => {
    await import('../../../src-main/preload/index');
    const api = electron().exposed() as {
      invoke: (channel: unknown, input?: unknown) => Promise<unknown>;
      on: (event: unknown, listener: (payload: unknown) => void) => () => void;
      uploadFile: (file: unknown, target: unknown) => Promise<unknown>;
    };
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'uploadFile']);
    expect(await api.invoke('app:info')).toEqual({ ok: true, value: { channel: 'app:info', input: undefined } });
    expect(await api.invoke('../../etc')).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL' } });
    expect(await api.invoke(42)).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL' } });
    expect(electron().module.ipcRenderer.invoke).toHaveBeenCalledTimes(1);

    const listener = vi.fn();
    const off = api.on('settings:did-change', listener);
    const wrapped = electron().module.ipcRenderer.on.mock.calls[0]?.[1] as (event: unknown, payload: unknown) => void;
    wrapped({ sender: 'hidden' }, { theme: 'dark' });
    expect(listener).toHaveBeenCalledWith({ theme: 'dark' });
    off();
    expect(electron().module.ipcRenderer.removeListener).toHaveBeenCalledWith('settings:did-change', wrapped);
  });

  it('never lets the page name a file on disk: the path comes from Electron for a File the coordinator chose', async () => {
    await import('../../../src-main/preload/index');
    const api = electron().exposed() as {
      invoke: (channel: unknown, input?: unknown) => Promise<unknown>;
      uploadFile: (file: unknown, target: unknown) => Promise<unknown>;
    };
    const { invoke } = electron().module.ipcRenderer;
    // The preload's own channel is not the page's to call.
    expect(await api.invoke('attachments:upload-file', { workOrderId: 5, path: '/etc/hostname' })).toMatchObject({ ok: false, error: { code: 'IPC_UNKNOWN_CHANNEL' } });
    // Not a File: nothing reaches main.
    expect(await api.uploadFile({ name: 'passwd', path: '/etc/passwd' }, { workOrderId: 5 })).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_UNREADABLE' } });
    expect(invoke).not.toHaveBeenCalled();

    // A dropped File: its path is Electron's; a `path` slipped into the target is dropped.
    const dropped = new File(['report'], 'report.pdf');
    await api.uploadFile(dropped, { workOrderId: 5, folderId: 7, path: '/etc/hostname', stagedId: 'x' });
    expect(electron().module.webUtils.getPathForFile).toHaveBeenCalledWith(dropped);
    expect(invoke).toHaveBeenCalledWith('attachments:upload-file', { workOrderId: 5, folderId: 7, path: '/home/ann/report.pdf' });

    // A File a script made has no place on disk.
    electron().module.webUtils.getPathForFile.mockReturnValueOnce('');
    expect(await api.uploadFile(new File(['x'], 'made.pdf'), { workOrderId: 5 })).toMatchObject({ ok: false, error: { code: 'ATTACHMENT_UNREADABLE' } });
    expect(invoke).toHaveBeenCalledTimes(1);
  });
});
