// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src-shared/errors';
import { centred } from '../../src-renderer/lib/map/web-mercator';
import { TileLayer } from '../../src-renderer/views/work-orders/map/tile-layer';
import { api } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

// The online tiles: asked of main for the view at the nearest zoom, drawn once arrived; told they
// are off, the layer asks for nothing more.

class FakeBitmap {}
const context = () => ({ drawImage: vi.fn() }) as unknown as CanvasRenderingContext2D & { drawImage: ReturnType<typeof vi.fn> };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('TileLayer', () => {
  beforeEach(() => {
    api.reset();
    vi.stubGlobal('ImageBitmap', FakeBitmap);
    vi.stubGlobal('createImageBitmap', async () => new FakeBitmap());
  });

  it('asks for the tiles the view covers at its nearest zoom, and draws them once they arrive', async () => {
    api.answer('map:tile', () => ({ mime: 'image/png', data: btoa('png') }));
    const arrived = vi.fn();
    const layer = new TileLayer(arrived);
    // 512 × 256 pixels centred on a tile corner at zoom 4: two tiles across, two down.
    const view = { ...centred({ longitude: 0, latitude: 0 }, 4, 512, 256) };
    const first = context();
    layer.draw(first, view);
    expect(first.drawImage).not.toHaveBeenCalled();
    const asked = api.inputsOf('map:tile').map(({ z, x, y }) => `${z}/${x}/${y}`).sort();
    expect(asked).toEqual(['4/7/7', '4/7/8', '4/8/7', '4/8/8']);
    await vi.waitFor(() => expect(arrived).toHaveBeenCalledTimes(4));
    const second = context();
    layer.draw(second, view);
    expect(second.drawImage).toHaveBeenCalledTimes(4);
    // Asked once each.
    expect(api.inputsOf('map:tile')).toHaveLength(4);
  });

  it('asks for nothing more once main says the tiles are off', async () => {
    api.answer('map:tile', () => Promise.reject(new AppError('MAP_TILES_OFF')));
    const layer = new TileLayer(() => undefined);
    const view = centred({ longitude: -97, latitude: 38 }, 5, 512, 512);
    layer.draw(context(), view);
    const first = api.inputsOf('map:tile').length;
    await settle();
    layer.draw(context(), { ...view, x: view.x + 2048 });
    expect(api.inputsOf('map:tile')).toHaveLength(first);
  });
});
