import { ATTACHMENT_MAX_BYTES } from '../../src-shared/domain/attachments';
import { AppError } from '../../src-shared/errors';
import { ErrorBodySchema } from '../../src-shared/ipc/channels';
import type { IpcResult, RendererBridge } from '../../src-shared/ipc/contract';
import { FILE_UPLOAD_PATH, StagedUploadSchema, type StagedUpload } from '../../src-shared/ipc/file-upload';
import { ServerFrameSchema } from '../../src-shared/ipc/wire';
import { connection } from './connection.svelte';

const TOKEN_KEY = 'field-desk.token';
const CALL_TIMEOUT_MS = 30_000;
const MAX_BACKOFF_MS = 5_000;

/**
 * The web host prints a URL with `#token=…`. Keep the token for this tab (a reload must still work)
 * and take it out of the address bar, where it would be copied into screenshots and bug reports.
 */
export function takeToken(): string | undefined {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const token = fragment.get('token');
  if (token) {
    sessionStorage.setItem(TOKEN_KEY, token);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return token;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? undefined;
}

/** What `public/early-socket.js` opened before the app's scripts ran, and the messages it kept meanwhile. */
interface EarlySocket {
  socket: WebSocket;
  token: string;
  messages: MessageEvent[];
  keep: (message: MessageEvent) => void;
}

declare global {
  interface Window {
    __fieldDeskEarlySocket?: EarlySocket;
  }
}

/** The early socket, once, when it was opened with this token and has not closed. */
function takeEarlySocket(token: string): EarlySocket | undefined {
  const early = window.__fieldDeskEarlySocket;
  delete window.__fieldDeskEarlySocket;
  if (!early) return undefined;
  early.socket.removeEventListener('message', early.keep);
  if (early.token === token && early.socket.readyState <= WebSocket.OPEN) return early;
  early.socket.close();
  return undefined;
}

interface Pending {
  resolve: (result: IpcResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Browser mode's `window.api`: the IPC contract over the web host's WebSocket, reconnecting on loss.
 * A host that refuses this page (no token, or a stale one after a restart) is told apart from a
 * host that is gone, so the page says how to connect instead of "reconnecting" forever.
 */
export function createWebBridge(token: string | undefined): RendererBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  /** Frames waiting for the socket to open, by call id: a call that settles first is never sent. */
  const queue = new Map<number, string>();
  let socket: WebSocket | undefined;
  let refused = false;
  let nextId = 1;
  let backoff = 250;

  const settle = (id: number, result: IpcResult) => {
    const call = pending.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    pending.delete(id);
    queue.delete(id);
    call.resolve(result);
  };
  const failAll = (code: 'IPC_DISCONNECTED' | 'IPC_NOT_CONNECTED') => {
    for (const id of [...pending.keys()]) settle(id, { ok: false, error: new AppError(code).toBody() });
  };
  // Nothing will ever answer this page: every call fails at once rather than after the timeout.
  const refuse = () => {
    refused = true;
    connection.set('refused');
    failAll('IPC_NOT_CONNECTED');
  };

  const connect = () => {
    if (!token) return refuse();
    connection.set('connecting');
    const url = new URL('/ipc', window.location.href);
    url.protocol = 'ws:';
    url.searchParams.set('token', token);
    const early = takeEarlySocket(token);
    const current = early?.socket ?? new WebSocket(url);
    let opened = false;
    socket = current;
    const onOpen = () => {
      opened = true;
      backoff = 250;
      connection.set('open');
      for (const frame of queue.values()) current.send(frame);
      queue.clear();
    };
    const onMessage = (message: MessageEvent) => {
      let raw: unknown;
      try {
        raw = JSON.parse(String(message.data));
      } catch {
        return;
      }
      const parsed = ServerFrameSchema.safeParse(raw);
      if (!parsed.success) return;
      const frame = parsed.data;
      if (frame.type === 'result') settle(frame.id, frame.result as IpcResult);
      else for (const listener of listeners.get(frame.event) ?? []) listener(frame.payload);
    };
    current.addEventListener('open', onOpen);
    current.addEventListener('message', onMessage);
    // Adopted: what it heard before the app listened comes first, and an open it saw is this one's.
    for (const message of early?.messages ?? []) onMessage(message);
    if (current.readyState === WebSocket.OPEN) onOpen();
    current.addEventListener('close', () => {
      // Calls in flight cannot be answered any more: say so instead of leaving them hanging.
      if (opened) failAll('IPC_DISCONNECTED');
      void hostRefusedHandshake(opened).then((refusedHere) => {
        if (refusedHere) return refuse();
        connection.set('closed');
        setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      });
    });
  };
  connect();

  return {
    invoke(channel, input) {
      const id = nextId++;
      return new Promise<IpcResult>((resolve) => {
        if (refused) return resolve({ ok: false, error: new AppError('IPC_NOT_CONNECTED').toBody() });
        const timer = setTimeout(() => settle(id, { ok: false, error: new AppError('IPC_TIMEOUT').toBody() }), CALL_TIMEOUT_MS);
        pending.set(id, { resolve, timer });
        const frame = JSON.stringify({ type: 'invoke', id, channel, input });
        if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
        else queue.set(id, frame);
      });
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
}

/**
 * A browser never sees why a WebSocket handshake failed. When a socket closes before it opened
 * and the host still serves this page, the host is up and refused the token: retrying cannot help.
 */
async function hostRefusedHandshake(opened: boolean): Promise<boolean> {
  if (opened) return false;
  try {
    const response = await fetch(window.location.pathname, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/** Where and how a page sends a file's bytes to the web host's staging (`POST /files`). */
export function stagingRequest(file: File): { url: URL; headers: Record<string, string> } {
  const token = takeToken();
  if (!token) throw new AppError('IPC_NOT_CONNECTED');
  if (file.size > ATTACHMENT_MAX_BYTES) throw new AppError('ATTACHMENT_TOO_LARGE');
  const url = new URL(FILE_UPLOAD_PATH, window.location.href);
  url.searchParams.set('name', file.name);
  // The token goes in a header, not the URL: the browser keeps URLs in its history and caches.
  return { url, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' } };
}

/** The staging's answer: the staged file, or the refusal it carried as an `AppError`. */
export function stagedAnswer(ok: boolean, body: unknown): StagedUpload {
  if (ok) {
    const staged = StagedUploadSchema.safeParse(body);
    if (staged.success) return staged.data;
    throw new AppError('INTERNAL');
  }
  const refusal = ErrorBodySchema.safeParse(body);
  throw refusal.success ? AppError.fromBody(refusal.data) : new AppError('INTERNAL');
}

/**
 * Browser mode only (Electron gives main the dropped file's path instead): streams a dropped file
 * to the web host, which copies it into the staging folder. Pass the answer's `stagedId` to
 * `attachments:upload`. Throws an `AppError`; a file over the limit is refused before it is sent.
 * (The Attachments section sends with XMLHttpRequest instead, for its upload progress.)
 */
export async function stageDroppedFile(file: File, { signal }: { signal?: AbortSignal } = {}): Promise<StagedUpload> {
  const { url, headers } = stagingRequest(file);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: file, cache: 'no-store', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AppError('IPC_DISCONNECTED');
  }
  return stagedAnswer(response.ok, await response.json().catch(() => undefined));
}
