import { MAX_TILE_ZOOM } from '../../../../src-shared/domain/map-tiles';
import { TILE, type MapView } from '../../../lib/map/web-mercator';
import { readTile } from '../../../services/map';

/** Tiles kept: a few screens' worth at a few zooms. */
const KEPT = 400;

/**
 * The optional online tiles (Settings), drawn over the bundled basemap where they have arrived:
 * offline, or for a tile that failed, the basemap shows through. Asked of main tile by tile at the
 * zoom nearest the view's; `onArrive` repaints.
 */
export class TileLayer {
  readonly #tiles = new Map<string, ImageBitmap | 'loading' | 'failed'>();
  #off = false;

  constructor(private readonly onArrive: () => void) {}

  draw(context: CanvasRenderingContext2D, view: MapView): void {
    if (this.#off) return;
    const z = Math.max(0, Math.min(MAX_TILE_ZOOM, Math.round(view.zoom)));
    const size = TILE * 2 ** (view.zoom - z);
    const count = 2 ** z;
    const left = view.x - view.width / 2;
    const top = view.y - view.height / 2;
    for (let y = Math.max(0, Math.floor(top / size)); y <= Math.min(count - 1, Math.ceil((top + view.height) / size) - 1); y += 1) {
      for (let x = Math.floor(left / size); x <= Math.ceil((left + view.width) / size) - 1; x += 1) {
        const wrapped = ((x % count) + count) % count;
        const key = `${z}/${wrapped}/${y}`;
        const tile = this.#tiles.get(key);
        if (tile instanceof ImageBitmap) context.drawImage(tile, x * size - left, y * size - top, size, size);
        else if (tile === undefined) void this.#load(z, wrapped, y, key);
      }
    }
  }

  async #load(z: number, x: number, y: number, key: string): Promise<void> {
    if (this.#tiles.size >= KEPT) this.#tiles.clear();
    this.#tiles.set(key, 'loading');
    try {
      const { mime, data } = await readTile(z, x, y);
      const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
      this.#tiles.set(key, await createImageBitmap(new Blob([bytes], { type: mime })));
      this.onArrive();
    } catch (error) {
      this.#tiles.set(key, 'failed');
      // Turned off in Settings: ask for nothing more until the map is opened again.
      if ((error as { code?: string } | null)?.code === 'MAP_TILES_OFF') this.#off = true;
    }
  }
}
