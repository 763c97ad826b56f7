import { z } from 'zod';
import type { ErrorBody } from '../errors';
import { channels, ErrorBodySchema, type events } from './channels';
import type { PreloadOnlyChannel } from './names';

export type ChannelName = keyof typeof channels;
/** What a page may call through `window.api.invoke` (the preload's own channels are not among them). */
export type PageChannelName = Exclude<ChannelName, PreloadOnlyChannel>;
export type EventName = keyof typeof events;

/** What the caller passes (before defaults and transforms). */
export type ChannelInput<C extends ChannelName> = z.input<(typeof channels)[C]['input']>;
/** What the handler receives, after parsing. */
export type ParsedChannelInput<C extends ChannelName> = z.output<(typeof channels)[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<(typeof channels)[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** Handlers answer a result instead of throwing, so the error keeps its code across any transport. */
export type IpcResult<T = unknown> = { ok: true; value: T } | { ok: false; error: ErrorBody };

export const IpcResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: ErrorBodySchema }),
]);

export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && Object.hasOwn(channels, value);
}

/**
 * The surface the preload (Electron) or the web bridge (browser mode) exposes as `window.api`.
 * Nothing else of main is reachable from the renderer.
 */
export interface RendererBridge {
  invoke(channel: string, input?: unknown): Promise<IpcResult>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /**
   * Desktop only: attaches a dropped or picked `File` to an order. The preload resolves the file's
   * place on disk itself and main copies it; the page never holds a path. Absent in browser mode,
   * where the bytes go to the web host's `POST /files`.
   */
  uploadFile?: (file: object, target: AttachmentTarget) => Promise<IpcResult>;
}

export interface AttachmentTarget {
  workOrderId: number;
  folderId?: number;
  notes?: string;
}
