import { describe, expect, it } from 'vitest';
import { markAt, OrderPoints } from '../../src-renderer/lib/map/order-points';
import { centred, fitted, pixelsPerMile, placeAt, project, screenOf, zoomedAt } from '../../src-renderer/lib/map/web-mercator';

// The map's arithmetic: places where online tiles would put them, a zoom that keeps the place
// under the pointer, a fit that shows every order, and a click that finds the order under it.

describe('Web Mercator', () => {
  it('puts places where tile sources do', () => {
    expect(project({ longitude: -180, latitude: 0 }, 0)).toEqual([0, 128]);
    const [x, y] = project({ longitude: 0, latitude: 85.05112878 }, 1);
    expect(x).toBeCloseTo(256, 6);
    expect(y).toBeCloseTo(0, 3);
    const view = centred({ longitude: -106.485, latitude: 31.7619 }, 9, 800, 600);
    const [sx, sy] = screenOf({ longitude: -106.485, latitude: 31.7619 }, view);
    expect([sx, sy]).toEqual([400, 300]);
    const back = placeAt(sx, sy, view);
    expect(back.longitude).toBeCloseTo(-106.485, 9);
    expect(back.latitude).toBeCloseTo(31.7619, 9);
  });

  it('zooms around the pointer: the place under it stays under it', () => {
    const view = centred({ longitude: -97.74, latitude: 30.27 }, 6, 800, 600);
    const before = placeAt(100, 500, view);
    const after = placeAt(100, 500, zoomedAt(view, 8.5, 100, 500));
    expect(after.longitude).toBeCloseTo(before.longitude, 9);
    expect(after.latitude).toBeCloseTo(before.latitude, 9);
  });

  it('measures a mile in pixels: the equator’s 24,901 miles are the world’s width, and twice as many pixels to a mile at 60°', () => {
    expect(pixelsPerMile(0, 0) * 24_901.46).toBeCloseTo(256, 1);
    expect(pixelsPerMile(60, 10) / pixelsPerMile(0, 10)).toBeCloseTo(2, 6);
  });

  it('fits every place in view', () => {
    const places = [
      { longitude: -122.68, latitude: 45.52 },
      { longitude: -80.19, latitude: 25.76 },
    ];
    const view = fitted(places, 800, 600, 40);
    for (const place of places) {
      const [x, y] = screenOf(place, view);
      expect(x).toBeGreaterThanOrEqual(39.9);
      expect(x).toBeLessThanOrEqual(760.1);
      expect(y).toBeGreaterThanOrEqual(39.9);
      expect(y).toBeLessThanOrEqual(560.1);
    }
  });
});

describe('order points', () => {
  const answer = {
    ids: [1, 2, 3, 4],
    latitudes: [33.4484, 33.45, 33.4499, 40.7128],
    longitudes: [-112.074, -112.07, -112.075, -74.006],
    statusIds: [2, 3, 3, 4],
    unplaced: 0,
  };

  it('gathers close orders into a cluster drawn in its commonest status, and parts them close up', () => {
    const points = new OrderPoints(answer);
    const far = points.marks(fitted(points.places, 800, 600));
    const cluster = far.find((mark) => mark.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3, group: 'assigned' });
    const near = points.marks(centred({ longitude: -112.073, latitude: 33.449 }, 15, 800, 600));
    expect(near.filter((mark) => mark.kind === 'order').map((mark) => (mark.kind === 'order' ? mark.id : 0)).sort()).toEqual([1, 2, 3]);
  });

  it('finds the order under a click, and nothing between orders', () => {
    const points = new OrderPoints(answer);
    const view = centred({ longitude: -74.006, latitude: 40.7128 }, 12, 800, 600);
    const marks = points.marks(view);
    expect(markAt(marks, 402, 301)).toMatchObject({ kind: 'order', id: 4, group: 'done' });
    expect(markAt(marks, 450, 300)).toBeUndefined();
  });
});
