import { join } from 'node:path';
import { BrowserWindow, shell } from 'electron';
import { isAllowedNavigation, secureWebPreferences } from './security-policy';
import { DEFAULT_PLACEMENT, MINIMUM_SIZE, type WindowPlacement } from './window-state';

/** Where the renderer is loaded from: the dev server under `electron-vite dev`, the built page otherwise. */
export function rendererUrl(): string {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer) return devServer;
  return `file://${join(__dirname, '..', 'renderer', 'index.html')}`;
}

/**
 * The window icon Linux shows (macOS and Windows take it from the bundle and the .exe): beside the
 * packaged app (electron-builder.yml `extraResources`), or in resources/ when run from the repository.
 */
export function windowIcon(platform: NodeJS.Platform, packaged: boolean, resourcesPath: string): string | undefined {
  if (platform !== 'linux') return undefined;
  return packaged ? join(resourcesPath, 'icon.png') : join(__dirname, '..', '..', 'resources', 'icon.png');
}

export function createMainWindow(url: string, placement: WindowPlacement = DEFAULT_PLACEMENT, icon?: string): BrowserWindow {
  const window = new BrowserWindow({
    ...placement.bounds,
    ...(icon ? { icon } : {}),
    minWidth: MINIMUM_SIZE.width,
    minHeight: MINIMUM_SIZE.height,
    show: false,
    title: 'Field Desk',
    webPreferences: secureWebPreferences(join(__dirname, '..', 'preload', 'index.js')),
  });
  window.once('ready-to-show', () => {
    // Maximizing shows the window on some platforms, so it waits until the page is ready too.
    if (placement.maximized) window.maximize();
    window.show();
  });

  // Links to the outside open in the system browser; the app window never leaves the renderer.
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (target.startsWith('https://')) void shell.openExternal(target);
    return { action: 'deny' };
  });
  // A redirect is a navigation the page did not ask for: it gets the same check.
  const blockForeignNavigation = (event: Electron.Event, target: string) => {
    if (!isAllowedNavigation(target, url)) event.preventDefault();
  };
  window.webContents.on('will-navigate', blockForeignNavigation);
  window.webContents.on('will-redirect', blockForeignNavigation);
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());

  void window.loadURL(url);
  return window;
}
