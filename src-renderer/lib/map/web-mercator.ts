/**
 * Web Mercator, the projection of every online tile source, so a tile layer set in Settings lines up
 * with what is drawn here: the world is a square of `TILE * 2^zoom` pixels, x east from 180° W,
 * y south from 85.05° N. A view is that square's point at the map's centre, its zoom and its size.
 */

export const TILE = 256;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 16;
const MAX_LATITUDE = 85.05112878;

export interface MapView {
  /** The centre, in world pixels at `zoom`. */
  x: number;
  y: number;
  zoom: number;
  width: number;
  height: number;
}

export interface LngLat {
  longitude: number;
  latitude: number;
}

export const worldSize = (zoom: number): number => TILE * 2 ** zoom;

/** A place in world pixels at `zoom`. */
export function project({ longitude, latitude }: LngLat, zoom: number): [number, number] {
  const size = worldSize(zoom);
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude)) * Math.PI) / 180);
  return [((longitude + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
}

export function unproject(x: number, y: number, zoom: number): LngLat {
  const size = worldSize(zoom);
  const longitude = (x / size) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / size))) * 180) / Math.PI;
  return { longitude, latitude };
}

/** Where a place is drawn in the view, in CSS pixels from its top left corner. */
export function screenOf(place: LngLat, view: MapView): [number, number] {
  const [x, y] = project(place, view.zoom);
  return [x - view.x + view.width / 2, y - view.y + view.height / 2];
}

/** The place under a point of the view. */
export function placeAt(screenX: number, screenY: number, view: MapView): LngLat {
  return unproject(view.x - view.width / 2 + screenX, view.y - view.height / 2 + screenY, view.zoom);
}

/** The view moved by a drag of (dx, dy) pixels: the map follows the pointer. */
export function panned(view: MapView, dx: number, dy: number): MapView {
  const size = worldSize(view.zoom);
  return { ...view, x: view.x - dx, y: Math.max(0, Math.min(size, view.y - dy)) };
}

/** The view zoomed to `zoom`, the place under (screenX, screenY) staying under it. */
export function zoomedAt(view: MapView, zoom: number, screenX = view.width / 2, screenY = view.height / 2): MapView {
  const next = Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
  const place = placeAt(screenX, screenY, view);
  const [x, y] = project(place, next);
  return { ...view, zoom: next, x: x - screenX + view.width / 2, y: y - screenY + view.height / 2 };
}

/** The view that shows every place with `padding` pixels to spare, at most `maxZoom` close. */
export function fitted(places: readonly LngLat[], width: number, height: number, padding = 40, maxZoom = 11): MapView {
  if (places.length === 0) return centred({ longitude: -96, latitude: 38.5 }, 4, width, height);
  let west = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  let south = Infinity;
  for (const { longitude, latitude } of places) {
    west = Math.min(west, longitude);
    east = Math.max(east, longitude);
    north = Math.max(north, latitude);
    south = Math.min(south, latitude);
  }
  const [x0, y0] = project({ longitude: west, latitude: north }, 0);
  const [x1, y1] = project({ longitude: east, latitude: south }, 0);
  const spanX = Math.max(x1 - x0, 1e-9);
  const spanY = Math.max(y1 - y0, 1e-9);
  const zoom = Math.max(MIN_ZOOM, Math.min(maxZoom, Math.log2(Math.min((width - 2 * padding) / spanX, (height - 2 * padding) / spanY))));
  return centred(unproject((x0 + x1) / 2, (y0 + y1) / 2, 0), zoom, width, height);
}

export function centred(place: LngLat, zoom: number, width: number, height: number): MapView {
  const [x, y] = project(place, zoom);
  return { x, y, zoom, width, height };
}

/** The view's corners as places: west, south, east, north (what clustering asks for). */
export function boundsOf(view: MapView): [number, number, number, number] {
  const topLeft = placeAt(0, 0, view);
  const bottomRight = placeAt(view.width, view.height, view);
  return [topLeft.longitude, bottomRight.latitude, bottomRight.longitude, topLeft.latitude];
}

const EARTH_RADIUS_METRES = 6_378_137;
const METRES_PER_MILE = 1_609.344;

/** How many pixels a mile is at a latitude and zoom (Mercator stretches it away from the equator). */
export function pixelsPerMile(latitude: number, zoom: number): number {
  const metresPerPixel = (Math.cos((latitude * Math.PI) / 180) * 2 * Math.PI * EARTH_RADIUS_METRES) / worldSize(zoom);
  return METRES_PER_MILE / metresPerPixel;
}
