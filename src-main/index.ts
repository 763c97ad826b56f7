import { join } from 'node:path';
import { app, BrowserWindow, dialog, Menu, screen, session } from 'electron';
import { createApp } from './app/create-app';
import { registerIpc } from './electron/ipc-bridge';
import { appMenuTemplate } from './electron/menu';
import { hardenSession } from './electron/session-policy';
import { createMainWindow, rendererUrl } from './electron/window';
import { placeWindow, readWindowState, trackWindowState } from './electron/window-state';

// The Electron shell: thin on purpose. Everything it starts lives in plain-Node modules that tests run.

// Every renderer gets the OS sandbox, whatever its webPreferences say; only possible before ready.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  const url = rendererUrl();
  const development = Boolean(process.env.ELECTRON_RENDERER_URL);

  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  const openWindow = (): BrowserWindow => {
    const stateFile = join(app.getPath('userData'), 'window-state.json');
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    const opened = createMainWindow(url, placeWindow(readWindowState(stateFile), workAreas));
    trackWindowState(opened, stateFile);
    opened.on('closed', () => (window = undefined));
    return opened;
  };

  app
    .whenReady()
    .then(() => {
      hardenSession(session.defaultSession, url);
      Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, development, appName: app.name })));

      const fieldDesk = createApp({ dataDir: app.getPath('userData'), host: 'electron' });
      const unregister = registerIpc(fieldDesk, url, () => window);
      window = openWindow();

      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) window = openWindow();
      });
      // Quitting waits for the app to close (databases, the local marketplace's worker); a second
      // will-quit, from the quit() below, then goes through.
      let stage: 'running' | 'closing' | 'closed' = 'running';
      app.on('will-quit', (event) => {
        if (stage === 'closed') return;
        event.preventDefault();
        if (stage === 'closing') return;
        stage = 'closing';
        unregister();
        fieldDesk
          .close()
          .catch((error: unknown) => fieldDesk.logger.error('app: close failed', error))
          .finally(() => {
            stage = 'closed';
            app.quit();
          });
      });
    })
    .catch((error: unknown) => {
      // Without this the app would sit with no window and no word (a data dir it cannot write, say).
      dialog.showErrorBox('Field Desk could not start', error instanceof Error ? error.message : String(error));
      app.quit();
    });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
