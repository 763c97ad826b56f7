import { createServer, type Server, type ServerResponse } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../../src-main/api-client/http-transport';
import { until } from '../../support/until';

// A request waits for a free connection with no timeout of its own: transfers that hold every
// connection would hold a coordinator's change behind them. Files travel on connections of their own.

let server: Server | undefined;
let transport: HttpTransport | undefined;
let folder: string | undefined;
const held: ServerResponse[] = [];
let holding = true;
/** From now on files are answered whole, and those held are ended. */
function release(): void {
  holding = false;
  for (const response of held.splice(0)) response.end();
}
afterEach(async () => {
  release();
  await transport?.close().catch(() => undefined);
  const running = server;
  server = undefined;
  if (running) await new Promise((resolve) => running.close(resolve));
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** `/file` starts an answer and never ends it (a transfer in progress) until `release`; anything else answers at once. */
async function slowFileServer(): Promise<{ origin: string; transfers: () => number }> {
  let transfers = 0;
  holding = true;
  server = createServer((request, response) => {
    request.resume();
    if (request.url?.startsWith('/file') && holding) {
      transfers += 1;
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.write(Buffer.alloc(1024));
      held.push(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: request.url }));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, transfers: () => transfers };
}

describe('connections for files', () => {
  it('answers a call while every file connection is busy with a transfer', async () => {
    const { origin, transfers } = await slowFileServer();
    folder = await mkdtemp(join(tmpdir(), 'field-desk-files-'));
    transport = new HttpTransport({ connections: 1, fileConnections: 2 });
    const downloads = [1, 2, 3].map((index) => transport?.download({ method: 'GET', url: `${origin}/file${index}` }, join(folder as string, `file${index}`)));
    await until(async () => transfers(), (count) => count === 2, 'two transfers under way', 5_000);
    // The one call connection is not theirs: the call is answered while the third download still waits.
    expect((await transport.send({ method: 'POST', url: `${origin}/workorders/1/assign`, json: {}, signal: AbortSignal.timeout(5_000) })).body).toEqual({ ok: '/workorders/1/assign' });
    expect(transfers()).toBe(2);
    release();
    await Promise.all(downloads);
  });
});
