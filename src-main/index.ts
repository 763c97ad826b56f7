import { app, BrowserWindow, session } from 'electron';
import { createApp } from './app/create-app';
import { registerIpc } from './electron/ipc-bridge';
import { createMainWindow, rendererUrl } from './electron/window';

// The Electron shell: thin on purpose. Everything it starts lives in plain-Node modules that tests run.

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  const url = rendererUrl();

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.whenReady().then(() => {
    // No camera, location, notifications prompt or anything else the web could ask for.
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);

    const fieldDesk = createApp({ dataDir: app.getPath('userData'), host: 'electron' });
    const unregister = registerIpc(fieldDesk, url, () => window);
    window = createMainWindow(url);
    window.on('closed', () => (window = undefined));

    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) window = createMainWindow(url);
    });
    app.on('will-quit', () => {
      unregister();
      void fieldDesk.close();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
