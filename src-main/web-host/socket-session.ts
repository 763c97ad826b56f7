import type { WebSocket } from 'ws';
import { AppError } from '../../src-shared/errors';
import { type ServerFrame, ClientFrameSchema, WIRE_CLOSE_POLICY } from '../../src-shared/ipc/wire';
import type { EventHub } from '../app/event-hub';
import type { Dispatch } from '../ipc/dispatcher';
import type { Logger } from '../platform/logger';
import type { WebHostLimits } from './limits';

export interface SocketSessionOptions {
  dispatch: Dispatch;
  events: EventHub;
  logger: Logger;
  /** The page origin checked at the upgrade; the dispatcher checks it again per call. */
  origin: string;
  limits: Pick<WebHostLimits, 'maxCallsInFlight' | 'maxBufferedBytes'>;
}

interface Call {
  id: number;
  channel: string;
  input?: unknown;
}

/**
 * One authenticated WebSocket: its calls, its events and its liveness, with bounds on both sides.
 *
 * Calls: at most `maxCallsInFlight` run at once. Past that the session stops reading the socket
 * (TCP backpressure) rather than answering an error: the renderer's bursts are only delayed, never
 * failed, and a flooding client finds its own sends blocked. The few frames ws had already read
 * when reading stopped wait in `backlog`, so calls still start in the order they were sent.
 *
 * Output: a client that never reads makes every answer pile up in this process. Before each frame
 * the session looks at what is still unread; past `maxBufferedBytes` it ends the socket at once
 * (no close handshake: that would wait on the very peer that does not read), which frees it all.
 */
export class SocketSession {
  readonly #socket: WebSocket;
  readonly #options: SocketSessionOptions;
  readonly #backlog: Call[] = [];
  #inFlight = 0;
  #awaitingPong = false;

  constructor(socket: WebSocket, options: SocketSessionOptions) {
    this.#socket = socket;
    this.#options = options;
    const unsubscribe = options.events.subscribe((event, payload) => this.#send({ type: 'event', event, payload }));
    socket.on('close', () => {
      unsubscribe();
      this.#backlog.length = 0;
    });
    socket.on('error', (error) => options.logger.warn('web-host: socket error', { error }));
    socket.on('pong', () => {
      this.#awaitingPong = false;
    });
    socket.on('message', (data, isBinary) => this.#receive(isBinary ? undefined : data.toString()));
  }

  /** Called every ping interval: ends a socket that did not answer the previous ping. */
  heartbeat(): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    // While the session itself stopped reading, a pong may be sitting unread: that is not death.
    if (this.#awaitingPong && !this.#socket.isPaused) {
      this.#options.logger.warn('web-host: ended a socket that stopped answering pings');
      this.#socket.terminate();
      return;
    }
    if (!this.#hasRoomForOutput()) return;
    this.#awaitingPong = true;
    this.#socket.ping();
  }

  terminate(): void {
    this.#socket.terminate();
  }

  #receive(text: string | undefined): void {
    const frame = text === undefined ? undefined : parseFrame(text);
    if (!frame) {
      this.#socket.close(WIRE_CLOSE_POLICY, 'Malformed frame');
      return;
    }
    if (!frame.ok) {
      this.#send({ type: 'result', id: frame.id, result: { ok: false, error: new AppError('IPC_INVALID_INPUT', frame.message).toBody() } });
      return;
    }
    if (this.#backlog.length > 0 || this.#inFlight >= this.#options.limits.maxCallsInFlight) this.#backlog.push(frame.value);
    else this.#run(frame.value);
  }

  #run({ id, channel, input }: Call): void {
    this.#inFlight += 1;
    if (this.#inFlight >= this.#options.limits.maxCallsInFlight) this.#socket.pause();
    this.#options
      .dispatch(channel, input, { transport: 'web', url: this.#options.origin })
      .catch((error: unknown) => {
        // The dispatcher answers every failure itself; this only keeps the count right if it ever throws.
        this.#options.logger.error('web-host: dispatch failed', { channel, error });
        return { ok: false as const, error: new AppError('INTERNAL').toBody() };
      })
      .then((result) => {
        this.#inFlight -= 1;
        this.#send({ type: 'result', id, result });
        this.#startBacklog();
      });
  }

  #startBacklog(): void {
    if (this.#socket.readyState !== this.#socket.OPEN) return;
    while (this.#inFlight < this.#options.limits.maxCallsInFlight && this.#backlog.length > 0) this.#run(this.#backlog.shift() as Call);
    if (this.#inFlight < this.#options.limits.maxCallsInFlight && this.#socket.isPaused) this.#socket.resume();
  }

  #send(frame: ServerFrame): void {
    if (this.#socket.readyState !== this.#socket.OPEN || !this.#hasRoomForOutput()) return;
    this.#socket.send(JSON.stringify(frame));
  }

  /** False, and the socket ended, when the peer left more than the limit unread. */
  #hasRoomForOutput(): boolean {
    // Checked before a frame, not after: one large answer to a client that reads is fine.
    const unread = this.#socket.bufferedAmount;
    if (unread <= this.#options.limits.maxBufferedBytes) return true;
    this.#options.logger.warn('web-host: ended a socket that does not read its answers', { unreadBytes: unread });
    this.#socket.terminate();
    return false;
  }
}

type ParsedFrame = { ok: true; value: Call } | { ok: false; id: number; message: string };

/** undefined when the frame cannot even be answered (no id); an error result when it can. */
function parseFrame(text: string): ParsedFrame | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = ClientFrameSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const id = (raw as { id?: unknown } | null)?.id;
  if (typeof id === 'number' && Number.isInteger(id) && id >= 0) return { ok: false, id, message: 'Malformed request frame.' };
  return undefined;
}
