import { vi } from 'vitest';

/** A stand-in for the parts of the electron module the shell uses; the real binary cannot run here. */
export function createFakeElectron() {
  const handlers = new Map<string, (event: unknown, ...args: unknown[]) => unknown>();
  const appListeners = new Map<string, (...args: unknown[]) => void>();
  const windows: FakeWindow[] = [];
  let exposed: Record<string, unknown> | undefined;

  class FakeWindow {
    static getAllWindows = () => windows;
    options: Record<string, unknown>;
    listeners = new Map<string, (...args: unknown[]) => void>();
    contentsListeners = new Map<string, (...args: unknown[]) => void>();
    openHandler: ((details: { url: string }) => { action: string }) | undefined;
    loadedUrl: string | undefined;
    sent: [string, unknown][] = [];
    webContents = {
      send: (channel: string, payload: unknown) => this.sent.push([channel, payload]),
      setWindowOpenHandler: (handler: (details: { url: string }) => { action: string }) => (this.openHandler = handler),
      on: (event: string, listener: (...args: unknown[]) => void) => this.contentsListeners.set(event, listener),
    };
    constructor(options: Record<string, unknown>) {
      this.options = options;
      windows.push(this);
    }
    once(event: string, listener: (...args: unknown[]) => void) {
      this.listeners.set(event, listener);
    }
    on(event: string, listener: (...args: unknown[]) => void) {
      this.listeners.set(event, listener);
    }
    loadURL(url: string) {
      this.loadedUrl = url;
      return Promise.resolve();
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    restore = vi.fn();
    focus = vi.fn();
    show = vi.fn();
  }

  const permissionHandlers: { request?: (...args: unknown[]) => void; check?: () => boolean } = {};

  const module = {
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, ...args: unknown[]) => unknown) => handlers.set(channel, handler),
      removeHandler: (channel: string) => handlers.delete(channel),
    },
    ipcRenderer: {
      invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
      on: vi.fn(),
      removeListener: vi.fn(),
    },
    contextBridge: {
      exposeInMainWorld: (name: string, value: Record<string, unknown>) => {
        if (name === 'api') exposed = value;
      },
    },
    webUtils: { getPathForFile: vi.fn(() => '/home/ann/report.pdf') },
    shell: { openExternal: vi.fn(async () => undefined) },
    BrowserWindow: FakeWindow,
    session: {
      defaultSession: {
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (permissionHandlers.request = handler),
        setPermissionCheckHandler: (handler: () => boolean) => (permissionHandlers.check = handler),
      },
    },
    app: {
      lock: true,
      requestSingleInstanceLock: vi.fn(() => module.app.lock),
      quit: vi.fn(),
      on: (event: string, listener: (...args: unknown[]) => void) => appListeners.set(event, listener),
      whenReady: () => Promise.resolve(),
      getPath: vi.fn(() => '/tmp/field-desk-fake-user-data'),
    },
  };

  /** vi.mock caches the module object for the whole file, so tests reset this one fake instead of making new ones. */
  const reset = () => {
    handlers.clear();
    appListeners.clear();
    windows.length = 0;
    exposed = undefined;
    delete permissionHandlers.request;
    delete permissionHandlers.check;
    module.app.lock = true;
    vi.clearAllMocks();
  };

  return { module, handlers, appListeners, windows, permissionHandlers, exposed: () => exposed, reset };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
