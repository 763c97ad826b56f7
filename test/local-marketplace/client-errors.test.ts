import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenMarketplace, type ListeningMarketplace } from '../../src-main/local-marketplace/listen';
import { parseAnswer, rawExchange } from './raw-socket';

// What node's HTTP server refuses before any route runs answers the REST error body too, over a
// real socket (inject() skips node's parser).

let market: ListeningMarketplace;
let port: number;

beforeAll(async () => {
  market = await listenMarketplace({ port: 0, seed: 'none' });
  port = Number(new URL(market.origin).port);
});

afterAll(async () => {
  await market.close();
});

const restError = (status: number) => ({ code: status, message: expect.any(String), trace: [], fields: '' });

describe('refusals made by node’s HTTP parser', () => {
  it('answers headers beyond the limit with 431 and the REST error body', async () => {
    const { text } = await rawExchange(port, (socket) => socket.write(`GET /__local/clock HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`));
    const answer = parseAnswer(text);
    expect(answer).toMatchObject({ status: 431, body: restError(431) });
    expect(answer.headers).toMatch(/content-type: application\/json/i);
  });

  it('answers malformed HTTP with 400 and the REST error body', async () => {
    for (const request of ['NOT HTTP AT ALL\r\n\r\n', `GET /__local/clock HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header Name: x\r\n\r\n`]) {
      const { text } = await rawExchange(port, (socket) => socket.write(request));
      expect(parseAnswer(text), request).toMatchObject({ status: 400, body: restError(400) });
    }
  });

  it('answers a request without Host with 421 and the REST error body, not node’s empty 400', async () => {
    for (const version of ['1.0', '1.1']) {
      const { text } = await rawExchange(port, (socket) => socket.write(`GET /__local/clock HTTP/${version}\r\nConnection: close\r\n\r\n`));
      expect(parseAnswer(text), version).toMatchObject({ status: 421, body: restError(421) });
    }
  });

  it('still serves after them', async () => {
    expect((await fetch(`${market.origin}/__local/clock`)).status).toBe(200);
  });
});
