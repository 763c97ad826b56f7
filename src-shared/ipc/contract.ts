import { z } from 'zod';
import type { ErrorBody } from '../errors';
import { channels, ErrorBodySchema, type events } from './channels';

export type ChannelName = keyof typeof channels;
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
  /** The filesystem path of a file dropped from the desktop; absent in browser mode. */
  getPathForFile?: (file: object) => string;
}
