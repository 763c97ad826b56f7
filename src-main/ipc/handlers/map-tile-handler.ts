import { request } from 'undici';
import { tileUrl } from '../../../src-shared/domain/map-tiles';
import { AppError } from '../../../src-shared/errors';
import type { Settings } from '../../../src-shared/ipc/channels';
import type { Handlers } from '../dispatcher';

/** A tile is an image of a few tens of kilobytes; anything much larger is not one. */
const MAX_TILE_BYTES = 1_000_000;
const TILE_TIMEOUT_MS = 8_000;

export type TileFetcher = (url: string, signal: AbortSignal) => Promise<{ mime: string; bytes: Buffer }>;

/** Fetches one tile over HTTPS: an image, within the size cap, or it throws. */
export const fetchTile: TileFetcher = async (url, signal) => {
  // undici follows no redirect unless told: a tile that moved is not fetched from elsewhere.
  const answer = await request(url, { method: 'GET', signal });
  const mime = String(answer.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const length = Number(answer.headers['content-length'] ?? 0);
  if (answer.statusCode !== 200 || !mime.startsWith('image/') || length > MAX_TILE_BYTES) {
    await answer.body.dump();
    throw new Error(`tile answered ${answer.statusCode} ${mime}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of answer.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_TILE_BYTES) throw new Error('tile too large');
    chunks.push(chunk as Buffer);
  }
  return { mime, bytes: Buffer.concat(chunks) };
};

/**
 * The map's online tiles, fetched by main so the renderer's policy names no other host. Off (the
 * default) it refuses at once and fetches nothing; a tile that fails is said once as unavailable.
 */
export function mapTileHandler(settings: () => Settings, fetch: TileFetcher = fetchTile): Pick<Handlers, 'map:tile'> {
  return {
    'map:tile': async ({ z, x, y }) => {
      const template = settings().mapTiles;
      if (!template) throw new AppError('MAP_TILES_OFF');
      const url = tileUrl(template, z, x, y);
      if (!url) throw new AppError('MAP_TILE_UNAVAILABLE');
      try {
        const { mime, bytes } = await fetch(url, AbortSignal.timeout(TILE_TIMEOUT_MS));
        return { mime, data: bytes.toString('base64') };
      } catch {
        throw new AppError('MAP_TILE_UNAVAILABLE');
      }
    },
  };
}
