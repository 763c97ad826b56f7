import { AppError } from '../../src-shared/errors';
import type { IpcResult, RendererBridge } from '../../src-shared/ipc/contract';
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

interface Pending {
  resolve: (result: IpcResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** Browser mode's `window.api`: the IPC contract over the web host's WebSocket, reconnecting on loss. */
export function createWebBridge(token: string | undefined): RendererBridge {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const pending = new Map<number, Pending>();
  const queue: string[] = [];
  let socket: WebSocket | undefined;
  let nextId = 1;
  let backoff = 250;

  const settle = (id: number, result: IpcResult) => {
    const call = pending.get(id);
    if (!call) return;
    clearTimeout(call.timer);
    pending.delete(id);
    call.resolve(result);
  };

  const connect = () => {
    if (!token) {
      connection.set('refused');
      return;
    }
    connection.set('connecting');
    const url = new URL('/ipc', window.location.href);
    url.protocol = 'ws:';
    url.searchParams.set('token', token);
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      backoff = 250;
      connection.set('open');
      for (const frame of queue.splice(0)) socket?.send(frame);
    });
    socket.addEventListener('message', (message) => {
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
    });
    socket.addEventListener('close', () => {
      connection.set('closed');
      // Calls in flight cannot be answered any more: say so instead of leaving them hanging.
      for (const id of [...pending.keys()]) settle(id, { ok: false, error: new AppError('IPC_DISCONNECTED').toBody() });
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    });
  };
  connect();

  return {
    invoke(channel, input) {
      const id = nextId++;
      return new Promise<IpcResult>((resolve) => {
        const timer = setTimeout(() => settle(id, { ok: false, error: new AppError('IPC_TIMEOUT').toBody() }), CALL_TIMEOUT_MS);
        pending.set(id, { resolve, timer });
        const frame = JSON.stringify({ type: 'invoke', id, channel, input });
        if (socket?.readyState === WebSocket.OPEN) socket.send(frame);
        else queue.push(frame);
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
