import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_PATH } from '../../src-shared/api/token';
import { listenMarketplace, type ListeningMarketplace, type ListenOptions } from '../../src-main/local-marketplace/listen';
import { buildMarketplace } from '../../src-main/local-marketplace/server';
import { parseAnswer, rawExchange } from './raw-socket';

// A client that starts a request and goes silent is closed by the server's timeouts, over a real
// socket (inject() has no socket to time out). Short timeouts are set by option; every wait is on
// the socket's close, with a deadline.

const open: ListeningMarketplace[] = [];

afterEach(async () => {
  for (const market of open.splice(0)) await market.close();
});

/** Long enough that only the timeout under test can be the one that fires. */
const LONG = 60;

async function listen(options: ListenOptions): Promise<{ market: ListeningMarketplace; port: number }> {
  const market = await listenMarketplace({ port: 0, seed: 'none', headersTimeoutSeconds: LONG, idleTimeoutSeconds: LONG, keepAliveTimeoutSeconds: LONG, requestTimeoutSeconds: 0, ...options });
  open.push(market);
  return { market, port: Number(new URL(market.origin).port) };
}

describe('the marketplace server’s timeouts', () => {
  it('closes a connection whose headers never end, answering 408 with the REST error body', async () => {
    const { port } = await listen({ headersTimeoutSeconds: 0.2 });
    const { text, closedAfterMs } = await rawExchange(port, (socket) => socket.write(`GET /__local/clock HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Half: `));
    expect(parseAnswer(text)).toMatchObject({ status: 408, body: { code: 408, message: expect.any(String), trace: [], fields: '' } });
    expect(closedAfterMs).toBeGreaterThanOrEqual(150);
  });

  it('closes a connection whose body stops short of its Content-Length', async () => {
    const { port } = await listen({ idleTimeoutSeconds: 0.3 });
    const { closedAfterMs } = await rawExchange(port, (socket) =>
      socket.write(`POST ${TOKEN_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"grant_type":`),
    );
    expect(closedAfterMs).toBeGreaterThanOrEqual(250);
  });

  it('closes a kept-alive connection that sends no next request', async () => {
    const { port } = await listen({ keepAliveTimeoutSeconds: 0.2 });
    const { text } = await rawExchange(port, (socket) => socket.write(`GET /__local/clock HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`));
    expect(parseAnswer(text).status).toBe(200);
  });

  it('closes a body that keeps trickling past the whole-request deadline, when one is set', async () => {
    const { port } = await listen({ headersTimeoutSeconds: 0.2, requestTimeoutSeconds: 0.4 });
    let timer: ReturnType<typeof setInterval> | undefined;
    const { text } = await rawExchange(port, (socket) => {
      socket.write(`POST /__local/clock HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`);
      // A byte now and then: never idle, never done.
      timer = setInterval(() => socket.writable && socket.write(' '), 50);
    });
    clearInterval(timer);
    expect(parseAnswer(text).status).toBe(408);
  });

  it('keeps a slow body that is still arriving past the idle timeout', async () => {
    const { market, port } = await listen({ idleTimeoutSeconds: 1 });
    const body = JSON.stringify({ advance_seconds: 60 });
    let timer: ReturnType<typeof setInterval> | undefined;
    const { text, closedAfterMs } = await rawExchange(port, (socket) => {
      socket.write(`POST /__local/clock HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      // One byte every 100 ms: the whole body takes twice the idle timeout, never idle for long.
      let sent = 0;
      timer = setInterval(() => {
        socket.write(body.slice(sent, sent + 1));
        sent += 1;
        if (sent >= body.length) clearInterval(timer);
      }, 100);
    });
    clearInterval(timer);
    expect(closedAfterMs).toBeGreaterThan(1000);
    expect(parseAnswer(text)).toMatchObject({ status: 200, body: { offset_seconds: 60 } });
    expect(market.marketplace.context.clock.offsetMs).toBe(60_000);
  });

  it('answers an injected delay longer than the idle timeout: the client is waiting on us, not silent', async () => {
    const { market, port } = await listen({ idleTimeoutSeconds: 0.2 });
    const fault = await fetch(`${market.origin}/__local/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ delay_ms: 600, status: 503, count: 1 }) });
    expect(fault.status).toBe(200);
    const { text } = await rawExchange(port, (socket) => socket.write(`GET /api/rest/v2/workorders HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`));
    expect(parseAnswer(text)).toMatchObject({ status: 503, body: { code: 503 } });
  });

  it('has sane defaults: headers 10 s, idle 30 s, keep-alive 5 s, a whole request 1 hour', async () => {
    const marketplace = await buildMarketplace({ db: ':memory:', seed: 'none' });
    try {
      const { server } = marketplace.app;
      expect({ headers: server.headersTimeout, idle: server.timeout, keepAlive: server.keepAliveTimeout, request: server.requestTimeout }).toEqual({
        headers: 10_000,
        idle: 30_000,
        keepAlive: 5_000,
        request: 3_600_000,
      });
    } finally {
      await marketplace.close();
    }
  });
});
