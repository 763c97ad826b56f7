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
      sendInputEvent: vi.fn(),
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
    normalBounds = { x: 10, y: 20, width: 1000, height: 700 };
    maximized = false;
    /** Calls what the shell registered with `on`, as Electron would. */
    emit(event: string, ...args: unknown[]) {
      this.listeners.get(event)?.(...args);
    }
    getNormalBounds = () => this.normalBounds;
    isMaximized = () => this.maximized;
    maximize = vi.fn(() => (this.maximized = true));
    isDestroyed = () => false;
    isMinimized = () => false;
    focused = false;
    isFocused = () => this.focused;
    restore = vi.fn();
    focus = vi.fn();
    show = vi.fn();
  }

  const permissionHandlers: { request?: (...args: unknown[]) => void; check?: () => boolean } = {};
  type RequestHandler = (details: Record<string, unknown>, callback: (response: Record<string, unknown>) => void) => void;
  const requestHandlers: { beforeRequest?: RequestHandler; headersReceived?: RequestHandler } = {};
  const state = { ready: false };
  const notifications: FakeNotification[] = [];

  class FakeNotification {
    static isSupported = vi.fn(() => true);
    listeners = new Map<string, () => void>();
    shown = false;
    constructor(readonly options: { title: string; body: string }) {
      notifications.push(this);
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, listener);
    }
    show() {
      this.shown = true;
    }
  }

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
    dialog: { showErrorBox: vi.fn() },
    BrowserWindow: FakeWindow,
    Notification: FakeNotification,
    Menu: {
      buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
      setApplicationMenu: vi.fn(),
    },
    screen: {
      getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }]),
    },
    session: {
      defaultSession: {
        webRequest: {
          onBeforeRequest: (handler: RequestHandler) => (requestHandlers.beforeRequest = handler),
          onHeadersReceived: (handler: RequestHandler) => (requestHandlers.headersReceived = handler),
        },
        setPermissionRequestHandler: (handler: (...args: unknown[]) => void) => (permissionHandlers.request = handler),
        setPermissionCheckHandler: (handler: () => boolean) => (permissionHandlers.check = handler),
      },
    },
    app: {
      lock: true,
      requestSingleInstanceLock: vi.fn(() => module.app.lock),
      quit: vi.fn(),
      on: (event: string, listener: (...args: unknown[]) => void) => appListeners.set(event, listener),
      name: 'Field Desk',
      // Like Electron: the sandbox switch only works before the app is ready.
      enableSandbox: vi.fn(() => {
        if (state.ready) throw new Error('app.enableSandbox() must be called before the app is ready');
      }),
      whenReady: () => Promise.resolve().then(() => void (state.ready = true)),
      getPath: vi.fn(() => '/tmp/field-desk-fake-user-data'),
      setPath: vi.fn(),
      isPackaged: false,
    },
  };

  /** vi.mock caches the module object for the whole file, so tests reset this one fake instead of making new ones. */
  const reset = () => {
    handlers.clear();
    appListeners.clear();
    windows.length = 0;
    notifications.length = 0;
    exposed = undefined;
    delete permissionHandlers.request;
    delete permissionHandlers.check;
    delete requestHandlers.beforeRequest;
    delete requestHandlers.headersReceived;
    state.ready = false;
    module.app.lock = true;
    vi.clearAllMocks();
  };

  return { module, handlers, appListeners, windows, notifications, permissionHandlers, requestHandlers, exposed: () => exposed, reset };
}

export type FakeElectron = ReturnType<typeof createFakeElectron>;
