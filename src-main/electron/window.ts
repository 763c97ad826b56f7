import { join } from 'node:path';
import { BrowserWindow, shell } from 'electron';
import { isAllowedNavigation, secureWebPreferences } from './security-policy';

/** Where the renderer is loaded from: the dev server under `electron-vite dev`, the built page otherwise. */
export function rendererUrl(): string {
  const devServer = process.env.ELECTRON_RENDERER_URL;
  if (devServer) return devServer;
  return `file://${join(__dirname, '..', 'renderer', 'index.html')}`;
}

export function createMainWindow(url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Field Desk',
    webPreferences: secureWebPreferences(join(__dirname, '..', 'preload', 'index.js')),
  });
  window.once('ready-to-show', () => window.show());

  // Links to the outside open in the system browser; the app window never leaves the renderer.
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (target.startsWith('https://')) void shell.openExternal(target);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, target) => {
    if (!isAllowedNavigation(target, url)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());

  void window.loadURL(url);
  return window;
}
