import { geoMercator, geoPath } from 'd3-geo';
import type { Basemap } from './basemap';
import { worldSize, type MapView } from './web-mercator';

/** The theme's colours for the basemap, read from its tokens. */
export interface BasemapColours {
  water: string;
  land: string;
  border: string;
  county: string;
  label: string;
}

export function basemapColours(element: Element): BasemapColours {
  const style = getComputedStyle(element);
  const read = (token: string, fallback: string) => style.getPropertyValue(token).trim() || fallback;
  return { water: read('--map-water', '#dce6f0'), land: read('--map-land', '#f1efe9'), border: read('--map-border', '#999'), county: read('--map-county', '#ddd'), label: read('--map-label', '#555') };
}

/** County lines only where a county is big enough on screen to be worth one: from a state's view in. */
export const COUNTY_ZOOM = 5.5;

/**
 * Draws the basemap of `view` into `context` (already scaled for the device): water, the land
 * inside the nation's outline, county then state lines. d3-geo's Mercator at the Web Mercator
 * scale puts every line where `web-mercator.ts` puts the orders.
 */
export function paintBasemap(context: CanvasRenderingContext2D, basemap: Basemap, view: MapView, colours: BasemapColours): void {
  const size = worldSize(view.zoom);
  const projection = geoMercator()
    .scale(size / (2 * Math.PI))
    .translate([size / 2 - view.x + view.width / 2, size / 2 - view.y + view.height / 2])
    .clipExtent([
      [-2, -2],
      [view.width + 2, view.height + 2],
    ]);
  const path = geoPath(projection, context);
  context.fillStyle = colours.water;
  context.fillRect(0, 0, view.width, view.height);

  context.beginPath();
  path(basemap.land);
  context.fillStyle = colours.land;
  context.fill();

  if (view.zoom >= COUNTY_ZOOM) {
    context.beginPath();
    path(basemap.counties);
    context.lineWidth = 0.6;
    context.strokeStyle = colours.county;
    context.stroke();
  }
  context.beginPath();
  path(basemap.states);
  context.lineWidth = view.zoom >= COUNTY_ZOOM ? 1.4 : 1;
  context.strokeStyle = colours.border;
  context.stroke();
  context.beginPath();
  path(basemap.nation);
  context.lineWidth = 1.2;
  context.stroke();
}
