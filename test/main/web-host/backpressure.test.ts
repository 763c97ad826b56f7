import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { DEFAULT_SETTINGS } from '../../../src-main/platform/settings-store';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { closed, openSocket, rendererDir, stubApp, watchedLogger, within } from './support';

const DEADLINE_MS = 20_000;
const MAX_IN_FLIGHT = 32;

let host: WebHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** How many handler calls run at once, and the most there ever were. */
function concurrency() {
  const state = { running: 0, most: 0, calls: 0 };
  const enter = () => {
    state.calls += 1;
    state.running += 1;
    state.most = Math.max(state.most, state.running);
  };
  const leave = () => {
    state.running -= 1;
  };
  return { state, enter, leave };
}

function invoke(socket: WebSocket, id: number, channel: string): void {
  socket.send(JSON.stringify({ type: 'invoke', id, channel }));
}

describe('the web host bounds what one socket can make it hold', () => {
  it(`runs at most ${MAX_IN_FLIGHT} calls of one socket at once, and answers every call in the end`, async () => {
    const { state, enter, leave } = concurrency();
    const app = stubApp({
      'settings:get': async () => {
        enter();
        // Still running when the next frames of the same read arrive.
        await new Promise((resolve) => setImmediate(resolve));
        leave();
        return DEFAULT_SETTINGS;
      },
    });
    host = await startWebHost({ app, rendererDir: rendererDir(), port: 0 });
    const socket = await openSocket(host);
    const answered = new Set<number>();
    const all = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        answered.add((JSON.parse(data.toString()) as { id: number }).id);
        if (answered.size === 200) resolve();
      }),
    );
    // Sent in one go: without the bound, all 200 would be running before the first one ends.
    for (let id = 1; id <= 200; id += 1) invoke(socket, id, 'settings:get');
    await within(all, DEADLINE_MS, 'every answer');
    expect(state.calls).toBe(200);
    expect(state.most).toBe(MAX_IN_FLIGHT);
    socket.close();
  });

  it('ends a socket that never reads its answers once they pass the limit, with its calls still bounded', async () => {
    const { state, enter, leave } = concurrency();
    const logger = watchedLogger();
    const bigPage = [{ id: 1, name: 'x'.repeat(256 * 1024) }];
    const app = stubApp(
      {
        'clients:list': async () => {
          enter();
          await new Promise((resolve) => setImmediate(resolve));
          leave();
          return bigPage as never;
        },
      },
      logger,
    );
    host = await startWebHost({ app, rendererDir: rendererDir(), port: 0, limits: { maxBufferedBytes: 1024 * 1024 } });
    const socket = await openSocket(host);
    const ended = logger.next('web-host: ended a socket that does not read its answers');
    const socketClosed = closed(socket);
    // The client stops reading, as the one in the audit did, and keeps asking.
    socket.pause();
    for (let id = 1; id <= 400; id += 1) invoke(socket, id, 'clients:list');
    const record = await within(ended, DEADLINE_MS, 'the host ending the socket');
    const unread = (record.details as { unreadBytes: number }).unreadBytes;
    // Past the limit by less than one answer: the check runs before every frame.
    expect(unread).toBeGreaterThan(1024 * 1024);
    expect(unread).toBeLessThan(1024 * 1024 + 2 * JSON.stringify(bigPage).length);
    expect(state.most).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    socket.resume();
    await within(socketClosed, DEADLINE_MS, 'the client seeing the close');
  });
});
