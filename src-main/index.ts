import { join, resolve } from 'node:path';
import { app, BrowserWindow, dialog, Menu, Notification, screen, session } from 'electron';
import { saveDialogChooser } from './attachments/save-dialog';
import { createApp } from './app/create-app';
import { registerIpc } from './electron/ipc-bridge';
import { windowPdfPrinter } from './electron/print-pdf';
import { type CrashRecovery, crashRecovery } from './electron/crash-recovery';
import { appMenuTemplate, keystrokes } from './electron/menu';
import { desktopNotifier } from './electron/notifications';
import type { Notice } from '../src-shared/ipc/notices';
import { hardenSession } from './electron/session-policy';
import { createMainWindow, rendererUrl, windowIcon } from './electron/window';
import { placeWindow, readWindowState, trackWindowState } from './electron/window-state';

// The Electron shell: thin on purpose. Everything it starts lives in plain-Node modules that tests run.

// FIELD_DESK_DATA_DIR (README, "Where data and logs live") moves everything: the app's data,
// Chromium's profile and the single-instance lock, so a second data dir is a second instance (the
// release smoke test runs in a fresh one). Only possible before ready.
if (process.env.FIELD_DESK_DATA_DIR) app.setPath('userData', resolve(process.env.FIELD_DESK_DATA_DIR));

// Every renderer gets the OS sandbox, whatever its webPreferences say; only possible before ready.
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  let recovery: CrashRecovery | undefined;
  const url = rendererUrl();
  const development = Boolean(process.env.ELECTRON_RENDERER_URL);

  const bringToFront = () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  // A second launch (a desktop icon clicked again) brings this window forward and then quits.
  app.on('second-instance', bringToFront);

  const openWindow = (): BrowserWindow => {
    const stateFile = join(app.getPath('userData'), 'window-state.json');
    const workAreas = screen.getAllDisplays().map((display) => display.workArea);
    const icon = windowIcon(process.platform, app.isPackaged, process.resourcesPath);
    const opened = createMainWindow(url, placeWindow(readWindowState(stateFile), workAreas), icon);
    trackWindowState(opened, stateFile);
    opened.webContents.on('render-process-gone', (_event, details) => recovery?.rendererGone(details));
    opened.on('closed', () => (window = undefined));
    return opened;
  };

  // A menu item of the app's shortcuts types its keys into the page, which owns what they do.
  const sendShortcut = (key: string) => {
    if (!window || window.isDestroyed()) return;
    for (const input of keystrokes(key, process.platform)) window.webContents.sendInputEvent(input);
  };

  app
    .whenReady()
    .then(() => {
      hardenSession(session.defaultSession, url);
      Menu.setApplicationMenu(
        Menu.buildFromTemplate(appMenuTemplate({ platform: process.platform, development, appName: app.name, onShortcut: sendShortcut })),
      );

      const fieldDesk = createApp({
        dataDir: app.getPath('userData'),
        host: 'electron',
        chooseSavePath: saveDialogChooser(
          (options) => (window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options)),
          () => app.getPath('downloads'),
        ),
        printToPdf: windowPdfPrinter(() => window?.webContents),
      });
      // The window's first calls need the cache: it opens while the window loads.
      fieldDesk.warmUp();
      const unregister = registerIpc(fieldDesk, url, () => window);
      recovery = crashRecovery({
        reload: () => window?.webContents.reload(),
        tell: (message) => {
          const options = { type: 'warning' as const, title: 'Field Desk', message, buttons: ['OK'] };
          void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
        },
        log: (message, details) => fieldDesk.logger.warn(message, details),
      });
      app.on('child-process-gone', (_event, details) => recovery?.childGone(details));
      window = openWindow();

      const notify = desktopNotifier({
        supported: () => Notification.isSupported(),
        inFront: () => Boolean(window && !window.isDestroyed() && window.isFocused()),
        show: ({ title, body }, onclick) => {
          const notification = new Notification({ title, body });
          notification.on('click', onclick);
          notification.show();
        },
        opened: (notice) => {
          bringToFront();
          fieldDesk.events.emit('notices:did-click', notice);
        },
      });
      const stopNotifying = fieldDesk.events.subscribe((event, payload) => {
        if (event === 'notices:did-arrive') notify(payload as Notice);
      });

      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) window = openWindow();
      });
      // Quitting waits for the app to close: the outbox lets the request on the wire finish (up to
      // its grace period) and keeps the rest queued for the next launch; then the databases and the
      // local marketplace's worker close. A second will-quit, from the quit() below, goes through.
      let stage: 'running' | 'closing' | 'closed' = 'running';
      app.on('will-quit', (event) => {
        if (stage === 'closed') return;
        event.preventDefault();
        if (stage === 'closing') return;
        stage = 'closing';
        stopNotifying();
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
