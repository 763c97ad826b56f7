import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../src-main/api-client/http-transport';

// A server that closes a kept-alive connection just as the next request leaves on it (an idle
// timeout racing the client): the transport sends a GET again on a fresh socket, never a POST.

let server: Server | undefined;
let transport: HttpTransport | undefined;
afterEach(async () => {
  await transport?.close();
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
});

/** Answers the first request of each connection; the second on the same socket is cut unanswered. */
async function cuttingServer(): Promise<{ origin: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((request, response) => {
    const socket = request.socket as typeof request.socket & { answered?: number };
    socket.answered = (socket.answered ?? 0) + 1;
    seen.push(`${request.method} ${request.url}`);
    request.resume();
    if (socket.answered > 1) {
      socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
    response.end(JSON.stringify({ ok: request.url }));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('a kept-alive socket the server closed', () => {
  it('sends a GET once more on a fresh socket, and answers it', async () => {
    const { origin, seen } = await cuttingServer();
    transport = new HttpTransport({ connections: 1 });
    expect((await transport.send({ method: 'GET', url: `${origin}/first` })).body).toEqual({ ok: '/first' });
    expect((await transport.send({ method: 'GET', url: `${origin}/second` })).body).toEqual({ ok: '/second' });
    expect(seen).toEqual(['GET /first', 'GET /second', 'GET /second']);
  });

  it('does not send a POST twice: the failure is the caller’s to handle (the outbox retries it as a whole)', async () => {
    const { origin, seen } = await cuttingServer();
    transport = new HttpTransport({ connections: 1 });
    await transport.send({ method: 'GET', url: `${origin}/first` });
    await expect(transport.send({ method: 'POST', url: `${origin}/change`, json: { a: 1 } })).rejects.toMatchObject({ code: 'API_UNREACHABLE' });
    expect(seen).toEqual(['GET /first', 'POST /change']);
  });
});
