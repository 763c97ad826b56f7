import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { AppError } from '../../src-shared/errors';
import { IPC_NAME_PATTERN as NAME } from '../../src-shared/ipc/names';

// The whole bridge: invoke a channel, listen to an event, and the path of a dropped file. Sandboxed
// preloads cannot load npm modules: only electron and dependency-free shared files are imported,
// and main validates everything again.

contextBridge.exposeInMainWorld('api', {
  invoke(channel: string, input?: unknown): Promise<unknown> {
    if (typeof channel !== 'string' || !NAME.test(channel)) {
      return Promise.resolve({ ok: false, error: new AppError('IPC_UNKNOWN_CHANNEL').toBody() });
    }
    return ipcRenderer.invoke(channel, input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (typeof event !== 'string' || !NAME.test(event)) return () => undefined;
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => ipcRenderer.removeListener(event, wrapped);
  },
  getPathForFile(file: File): string {
    return webUtils.getPathForFile(file);
  },
});
