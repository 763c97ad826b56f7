import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { AppError } from '../../src-shared/errors';
import { IPC_NAME_PATTERN as NAME, isPreloadOnlyChannel, PRELOAD_ONLY_CHANNELS } from '../../src-shared/ipc/names';

// The whole bridge: invoke a channel, listen to an event, and attach a dropped or picked file.
// Sandboxed preloads cannot load npm modules: only electron and dependency-free shared files are
// imported, and main validates everything again.

const refusal = (code: 'IPC_UNKNOWN_CHANNEL' | 'ATTACHMENT_UNREADABLE', message?: string) => Promise.resolve({ ok: false, error: new AppError(code, message).toBody() });

const [UPLOAD_FILE] = PRELOAD_ONLY_CHANNELS;

/** Only the target's own fields cross: a page cannot slip a `path` in beside them. */
function targetOf(target: unknown): Record<string, unknown> {
  const given = (typeof target === 'object' && target !== null ? target : {}) as Record<string, unknown>;
  const picked: Record<string, unknown> = { workOrderId: given.workOrderId };
  if (given.folderId !== undefined) picked.folderId = given.folderId;
  if (given.notes !== undefined) picked.notes = given.notes;
  return picked;
}

contextBridge.exposeInMainWorld('api', {
  invoke(channel: string, input?: unknown): Promise<unknown> {
    // A page never names a file on disk: the channels that take a path are the preload's own.
    if (typeof channel !== 'string' || !NAME.test(channel) || isPreloadOnlyChannel(channel)) return refusal('IPC_UNKNOWN_CHANNEL');
    return ipcRenderer.invoke(channel, input);
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (typeof event !== 'string' || !NAME.test(event)) return () => undefined;
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(event, wrapped);
    return () => ipcRenderer.removeListener(event, wrapped);
  },
  /**
   * The file's place on disk comes from Electron for a `File` the coordinator dropped or picked; a
   * `File` a script made has none and is refused here.
   */
  uploadFile(file: File, target: unknown): Promise<unknown> {
    const path = file instanceof File ? webUtils.getPathForFile(file) : '';
    if (!path) return refusal('ATTACHMENT_UNREADABLE', 'That file is not on this computer\'s disk; drop it from a folder or pick it with Add files.');
    return ipcRenderer.invoke(UPLOAD_FILE, { ...targetOf(target), path });
  },
});
