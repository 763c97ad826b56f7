import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRefusalLog } from '../../../src-main/web-host/refusal-log';
import { startWebHost, type WebHost } from '../../../src-main/web-host/server';
import { rendererDir, socketUrl, stubApp, watchedLogger } from './support';

let host: WebHost | undefined;

afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** The HTTP status that refused the handshake. */
function refusedStatus(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { Origin: origin } });
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    socket.once('open', () => reject(new Error('the host accepted a foreign Origin')));
    socket.once('error', reject);
  });
}

describe('refused upgrades in the log', () => {
  it('are cut to a bounded length and, past the first few a minute, counted instead of written', async () => {
    const logger = watchedLogger();
    host = await startWebHost({ app: stubApp({}, logger), rendererDir: rendererDir(), port: 0 });
    const origin = `http://evil.example/${'a'.repeat(8_000)}`;
    for (let attempt = 0; attempt < 30; attempt += 1) expect(await refusedStatus(socketUrl(host), origin)).toBe(403);
    const refused = logger.records.filter((record) => record.message === 'web-host: refused connection');
    expect(refused).toHaveLength(5);
    for (const record of refused) {
      expect(JSON.stringify(record).length).toBeLessThan(600);
      expect(record.details).toMatchObject({ reason: 'Origin not allowed', origin: expect.stringMatching(/^http:\/\/evil\.example\/a+… \(8020 characters\)$/) });
      // The token is in the URL; the URL is never logged.
      expect(JSON.stringify(record)).not.toContain(host.token);
    }
    await host.close();
    expect(logger.records.at(-1)).toMatchObject({ message: 'web-host: more connections refused, not logged one by one', details: { count: 25 } });
  });

  it('starts a new allowance each minute, after writing what the last one held back', () => {
    const logger = watchedLogger();
    let now = 0;
    const log = createRefusalLog({ logger, perMinute: 2, maxValueChars: 10, now: () => now });
    for (let attempt = 0; attempt < 5; attempt += 1) log.refused({ reason: 'Origin not allowed', origin: 'http://x' });
    expect(logger.records.map((record) => record.message)).toEqual(['web-host: refused connection', 'web-host: refused connection']);
    now = 60_000;
    log.refused({ reason: 'A valid token is required', host: 'attacker.example:1234' });
    expect(logger.records.slice(2)).toMatchObject([
      { message: 'web-host: more connections refused, not logged one by one', details: { count: 3, since: new Date(0).toISOString() } },
      { message: 'web-host: refused connection', details: { reason: 'A valid token is required', host: 'attacker.e… (21 characters)' } },
    ]);
    log.flush();
    expect(logger.records).toHaveLength(4);
  });
});
