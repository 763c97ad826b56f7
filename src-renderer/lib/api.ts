import { AppError } from '../../src-shared/errors';
import { events } from '../../src-shared/ipc/channels';
import type { AttachmentTarget, ChannelInput, ChannelOutput, EventName, EventPayload, PageChannelName, RendererBridge } from '../../src-shared/ipc/contract';
import type { OutboxReceipt } from '../../src-shared/ipc/write-channels';
import { createWebBridge, takeToken } from './web-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in browser mode. */
    api?: RendererBridge;
  }
}

// The only module that touches `window.api`: every other part of the renderer calls `invoke` and `on`.
let bridge: RendererBridge | undefined;

function getBridge(): RendererBridge {
  bridge ??= window.api ?? createWebBridge(takeToken());
  return bridge;
}

/** Connects before the first screen renders, so the token leaves the address bar at once. */
export function connect(): void {
  getBridge();
}

type InvokeArguments<C extends PageChannelName> = undefined extends ChannelInput<C> ? [input?: ChannelInput<C>] : [input: ChannelInput<C>];

/** Calls main. Resolves with the channel's output, or throws an `AppError` carrying `{code, message}`. */
export async function invoke<C extends PageChannelName>(channel: C, ...[input]: InvokeArguments<C>): Promise<ChannelOutput<C>> {
  const result = await getBridge().invoke(channel, input);
  if (!result.ok) throw AppError.fromBody(result.error);
  return result.value as ChannelOutput<C>;
}

/** Listens to an event from main; payloads are checked against the contract before listeners see them. */
export function on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
  return getBridge().on(event, (payload) => {
    const parsed = events[event].safeParse(payload);
    if (parsed.success) listener(parsed.data as EventPayload<E>);
  });
}

/** Whether the page runs in the desktop shell (the preload's bridge) rather than a browser. */
export function isDesktop(): boolean {
  return window.api !== undefined;
}

/**
 * Desktop: hands a dropped or picked file to the preload, which finds it on disk and has main copy
 * and queue it (the page never holds a path). Undefined in browser mode, where the bytes are sent.
 */
export function uploadFromDisk(file: File, target: AttachmentTarget): Promise<OutboxReceipt> | undefined {
  const upload = window.api?.uploadFile;
  if (!upload) return undefined;
  return upload(file, target).then((result) => {
    if (!result.ok) throw AppError.fromBody(result.error);
    return result.value as OutboxReceipt;
  });
}
