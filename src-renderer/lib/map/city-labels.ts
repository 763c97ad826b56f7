import type { City } from './basemap';
import type { MapView } from './web-mercator';

/** The zoom from which each tier of city is named: the country, a region, a state. */
export const CITY_TIER_ZOOM = { 1: 3.5, 2: 5, 3: 6.5 } as const;

const FONT = '500 11px system-ui, sans-serif';
const DOT = 2.5;
const GAP = 4;

/** A rectangle in the view's CSS pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where each city named at this zoom is labelled, larger tiers first; a name that would cover one
 * already placed, or an obstacle (the orders' marks, drawn over the names), is left out (the next
 * zoom has room for it), as one the view's edge would cut is.
 */
export function placeCityLabels(
  cities: readonly City[],
  at: (city: City) => [number, number] | null,
  view: Pick<MapView, 'zoom' | 'width' | 'height'>,
  measure: (text: string) => number,
  obstacles: readonly Box[] = [],
): { city: City; x: number; y: number }[] {
  const placed: { city: City; x: number; y: number }[] = [];
  const taken: Box[] = [...obstacles];
  const shown = cities.filter((city) => view.zoom >= CITY_TIER_ZOOM[city.tier]).sort((a, b) => a.tier - b.tier);
  for (const city of shown) {
    const point = at(city);
    if (!point) continue;
    const [x, y] = point;
    // Outside the view: not measured (this runs every frame of a pan).
    if (x < DOT || x > view.width || y < 8 || y > view.height - 8) continue;
    const box = { left: x - DOT - 1, top: y - 8, right: x + DOT + GAP + measure(city.name) + 1, bottom: y + 8 };
    // A name cut by the view's edge reads as another word ("eles"): only whole names are drawn.
    if (box.left < 0 || box.right > view.width || box.top < 0 || box.bottom > view.height) continue;
    if (taken.some((other) => overlaps(box, other))) continue;
    taken.push(box);
    placed.push({ city, x, y });
  }
  return placed;
}

/** Each placed city a dot and its name, over a halo of the land's colour so borders do not cross it. */
export function paintCityLabels(
  context: CanvasRenderingContext2D,
  cities: readonly City[],
  at: (city: City) => [number, number] | null,
  view: Pick<MapView, 'zoom' | 'width' | 'height'>,
  colours: { text: string; halo: string },
  obstacles: readonly Box[] = [],
): void {
  context.save();
  context.font = FONT;
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  const labels = placeCityLabels(cities, at, view, (text) => context.measureText(text).width, obstacles);
  for (const { city, x, y } of labels) {
    context.beginPath();
    context.arc(x, y, DOT, 0, 2 * Math.PI);
    context.fillStyle = colours.text;
    context.fill();
    context.lineWidth = 3;
    context.strokeStyle = colours.halo;
    context.strokeText(city.name, x + DOT + GAP, y);
    context.fillText(city.name, x + DOT + GAP, y);
  }
  context.restore();
}
