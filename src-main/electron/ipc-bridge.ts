import { ipcMain, type BrowserWindow } from 'electron';
import { channels } from '../../src-shared/ipc/channels';
import type { App } from '../app/create-app';
import { createDispatcher } from '../ipc/dispatcher';
import { isTrustedRendererUrl } from './security-policy';

/** Electron transport of the IPC contract: one `ipcMain.handle` per channel, all through the dispatcher. */
export function registerIpc(app: App, rendererUrl: string, getWindow: () => BrowserWindow | undefined): () => void {
  const dispatch = createDispatcher({
    handlers: app.handlers,
    logger: app.logger,
    isTrustedSender: (sender) => sender.transport === 'electron' && isTrustedRendererUrl(sender.url, rendererUrl),
  });
  const names = Object.keys(channels);
  for (const channel of names) {
    ipcMain.handle(channel, (event, input: unknown) =>
      dispatch(channel, input, { transport: 'electron', url: event.senderFrame?.url ?? '' }),
    );
  }
  const unsubscribe = app.events.subscribe((event, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(event, payload);
  });
  return () => {
    unsubscribe();
    for (const channel of names) ipcMain.removeHandler(channel);
  };
}
