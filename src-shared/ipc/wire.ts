import { z } from 'zod';
import { IpcResultSchema } from './contract';

/**
 * Browser mode carries the IPC contract over one WebSocket. These are its frames, in JSON.
 * The channel name and input are validated again by the dispatcher: the wire only frames them.
 */
export const ClientFrameSchema = z.strictObject({
  type: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string().max(100),
  input: z.unknown().optional(),
});
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export const ServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('result'), id: z.number().int().nonnegative(), result: IpcResultSchema }),
  z.object({ type: z.literal('event'), event: z.string(), payload: z.unknown() }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

/** Close codes the renderer tells apart: a refused handshake never reaches here (HTTP 401/403). */
export const WIRE_CLOSE_POLICY = 1008;
/** Largest frame the web host accepts; uploads do not travel over this socket. */
export const WIRE_MAX_FRAME_BYTES = 1024 * 1024;
