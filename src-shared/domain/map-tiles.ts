/**
 * The optional online tile source of the map (Settings, off by default): a URL template in the
 * form every XYZ tile server takes, `https://tiles.example/{z}/{x}/{y}.png`. Only HTTPS; main
 * fetches the tiles (the renderer's policy allows no other host), and nothing at all while unset.
 */
const TEMPLATE = /^https:\/\/[^\s{}]+(?:\{[zxy]\}[^\s{}]*){3}$/;

export const MAX_TILE_ZOOM = 19;

export function isTileTemplate(text: string): boolean {
  return text.length <= 500 && TEMPLATE.test(text) && ['{z}', '{x}', '{y}'].every((part) => text.split(part).length === 2);
}

/** The URL of one tile; undefined for a tile outside the world at that zoom. */
export function tileUrl(template: string, z: number, x: number, y: number): string | undefined {
  const size = 2 ** z;
  if (!Number.isInteger(z) || z < 0 || z > MAX_TILE_ZOOM || !Number.isInteger(x) || !Number.isInteger(y) || x < 0 || y < 0 || x >= size || y >= size) return undefined;
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));
}

/** The tile server's host, said beside the map as its attribution; undefined for no template. */
export function tileHost(template: string | undefined): string | undefined {
  // No URL class here: src-shared runs where neither the DOM's nor Node's globals are declared.
  return template ? /^https:\/\/([^/?#]+)/.exec(template)?.[1] : undefined;
}
