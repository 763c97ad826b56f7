import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SettingsSchema, type Settings } from '../../../src-shared/ipc/channels';
import { createDispatcher, type Handlers, type Sender } from '../../../src-main/ipc/dispatcher';
import { fetchTile, mapTileHandler, type TileFetcher } from '../../../src-main/ipc/handlers/map-tile-handler';
import { createMemoryLogger } from '../../../src-main/platform/logger';

// The map's optional online tiles: off by default, and then nothing is fetched; on, main fetches
// each tile from the template's address and answers its bytes.

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };
const TEMPLATE = 'https://tiles.example/{z}/{x}/{y}.png';

function tileChannel(settings: Settings, fetch: TileFetcher) {
  const dispatcher = createDispatcher({ handlers: mapTileHandler(() => settings, fetch) as Handlers, logger: createMemoryLogger(), isTrustedSender: (sender) => sender.url === trusted.url });
  return (input: unknown) => dispatcher('map:tile', input, trusted);
}

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

describe('map:tile', () => {
  it('refuses with MAP_TILES_OFF and fetches nothing while no tile source is set', async () => {
    const asked: string[] = [];
    const tile = tileChannel(DEFAULT_SETTINGS, async (url) => (asked.push(url), { mime: 'image/png', bytes: Buffer.from('x') }));
    expect(await tile({ z: 3, x: 1, y: 2 })).toMatchObject({ ok: false, error: { code: 'MAP_TILES_OFF' } });
    expect(asked).toEqual([]);
  });

  it('fetches the tile the template names and answers its bytes; a tile outside the world or a failed fetch is unavailable', async () => {
    const asked: string[] = [];
    const tile = tileChannel({ ...DEFAULT_SETTINGS, mapTiles: TEMPLATE }, async (url) => {
      asked.push(url);
      if (url.includes('/5/')) throw new Error('offline');
      return { mime: 'image/png', bytes: Buffer.from('tile') };
    });
    expect(await tile({ z: 3, x: 1, y: 2 })).toEqual({ ok: true, value: { mime: 'image/png', data: Buffer.from('tile').toString('base64') } });
    expect(asked).toEqual(['https://tiles.example/3/1/2.png']);
    expect(await tile({ z: 3, x: 8, y: 0 })).toMatchObject({ ok: false, error: { code: 'MAP_TILE_UNAVAILABLE' } });
    expect(await tile({ z: 5, x: 1, y: 1 })).toMatchObject({ ok: false, error: { code: 'MAP_TILE_UNAVAILABLE' } });
    expect(await tile({ z: 20, x: 0, y: 0 })).toMatchObject({ ok: false, error: { code: 'IPC_INVALID_INPUT' } });
  });

  it('takes only an https template with {z}, {x} and {y} once each as the setting', () => {
    for (const good of ['', TEMPLATE, 'https://a.tile.example/{z}/{x}/{y}@2x.png?key=abc']) expect(SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, mapTiles: good }).success, good).toBe(true);
    for (const bad of ['http://tiles.example/{z}/{x}/{y}.png', 'https://tiles.example/{z}/{x}.png', 'https://tiles.example/{z}/{x}/{y}/{y}.png', 'javascript:{z}{x}{y}']) expect(SettingsSchema.safeParse({ ...DEFAULT_SETTINGS, mapTiles: bad }).success, bad).toBe(false);
  });
});

describe('fetchTile', () => {
  async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('answers an image, and refuses what is not one or not there', async () => {
    const base = await serve((request, response) => {
      if (request.url === '/tile.png') response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50]));
      else if (request.url === '/page') response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      else response.writeHead(404).end();
    });
    expect(await fetchTile(`${base}/tile.png`, AbortSignal.timeout(5_000))).toEqual({ mime: 'image/png', bytes: Buffer.from([0x89, 0x50]) });
    await expect(fetchTile(`${base}/page`, AbortSignal.timeout(5_000))).rejects.toThrow();
    await expect(fetchTile(`${base}/gone`, AbortSignal.timeout(5_000))).rejects.toThrow();
  });
});
