import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_SETTINGS } from '../../../src-main/platform/settings-store';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { closed, openSocket, rendererDir, stubApp, within } from './support';

// Short enough for a test; the deadline below is ten times longer, and node's defaults (60 s for
// headers, 300 s for a request, no idle timeout) would miss it.
const LIMITS = { headersTimeoutMs: 100, requestTimeoutMs: 200, keepAliveTimeoutMs: 100, idleTimeoutMs: 300 };
const DEADLINE_MS = 3_000;

let host: WebHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function start(limits: object = LIMITS): Promise<WebHost> {
  host = await startWebHost({ app: stubApp({ 'settings:get': () => DEFAULT_SETTINGS }), rendererDir: rendererDir(), port: 0, limits });
  return host;
}

/** A raw connection that writes `text` and then says nothing more. */
function silentAfter(port: number, text: string): Socket {
  const socket = connect(port, '127.0.0.1', () => socket.write(text));
  return socket;
}

describe('the web host ends connections that go silent', () => {
  it('closes a request that sent part of its headers and went silent, with 408', async () => {
    const { port } = await start();
    const received = await within(closed(silentAfter(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`)), DEADLINE_MS, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a request whose body stops short of its Content-Length', async () => {
    const { port } = await start();
    for (const method of ['GET', 'POST']) {
      const request = `${method} / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 100000000\r\n\r\npartial`;
      await within(closed(silentAfter(port, request)), DEADLINE_MS, `close after a partial ${method} body`);
    }
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const { port } = await start();
    const received = await within(closed(silentAfter(port, `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)), DEADLINE_MS, 'close');
    expect(received).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes promptly though a refused upgrade left its side open (the HTTP server would wait on it)', async () => {
    const current = await start();
    const upgrade = [
      'GET /ipc?token=wrong HTTP/1.1',
      `Host: 127.0.0.1:${current.port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      '',
      '',
    ].join('\r\n');
    // allowHalfOpen: the client keeps its side open after the host's answer, as a stuck peer would.
    const socket = connect({ port: current.port, host: '127.0.0.1', allowHalfOpen: true }, () => socket.write(upgrade));
    const answer = new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(chunk.toString('latin1'))));
    expect(await within(answer, DEADLINE_MS, 'the answer')).toMatch(/^HTTP\/1\.1 401/);
    await within(new Promise((resolve) => socket.once('end', resolve)), DEADLINE_MS, "the host's end");
    await within(current.close(), DEADLINE_MS, 'close');
    socket.destroy();
  });

  it('keeps a WebSocket open past every HTTP timeout: it is long-lived by design', async () => {
    const current = await start();
    const webSocket = await openSocket(current);
    // This one is closed by the request timeout, which proves the timers ran while the WebSocket lived.
    await within(closed(silentAfter(current.port, `POST / HTTP/1.1\r\nHost: 127.0.0.1:${current.port}\r\nContent-Length: 10\r\n\r\n`)), DEADLINE_MS, 'close');
    const answer = new Promise<unknown>((resolve) => webSocket.once('message', (data) => resolve(JSON.parse(data.toString()))));
    webSocket.send(JSON.stringify({ type: 'invoke', id: 1, channel: 'settings:get' }));
    expect(await within(answer, DEADLINE_MS, 'answer')).toMatchObject({ type: 'result', id: 1 });
    expect(webSocket.readyState).toBe(WebSocket.OPEN);
    webSocket.close();
  });
});

describe('the web host checks that a WebSocket is alive with ping and pong', () => {
  it('ends a socket that does not answer pings', async () => {
    const current = await start({ ...LIMITS, pingIntervalMs: 50 });
    const webSocket = await openSocket(current, { autoPong: false });
    await within(closed(webSocket), DEADLINE_MS, 'close');
  });

  it('keeps a socket that answers them', async () => {
    const current = await start({ ...LIMITS, pingIntervalMs: 50 });
    const webSocket = await openSocket(current);
    let pings = 0;
    await within(new Promise<void>((resolve) => webSocket.on('ping', () => ++pings === 4 && resolve())), DEADLINE_MS, 'four pings');
    expect(webSocket.readyState).toBe(WebSocket.OPEN);
    webSocket.close();
  });
});
