import type { Basemap } from '../../../lib/map/basemap';
import { basemapColours, paintBasemap } from '../../../lib/map/map-paint';
import { clusterRadius, ORDER_RADIUS, type Mark } from '../../../lib/map/order-points';
import { statusColours } from '../../../lib/map/status-colours';
import { paintCityLabels, type Box } from '../../../lib/map/city-labels';
import { screenOf, type MapView } from '../../../lib/map/web-mercator';

/** Distance rings around one site: its point on screen and each ring's radius. */
export interface Rings {
  x: number;
  y: number;
  radii: { miles: number; pixels: number }[];
}

/** The basemap is drawn this much beyond each edge, so a pan shows drawn land, not a gap. */
const MARGIN = 0.5;

/**
 * Paints the map on a canvas, frame by frame: the basemap from a bitmap drawn once per zoom and
 * place (redrawn when the view settles, so a pan or a wheel zoom is a copy of pixels, not every
 * county line again), then the cities' names where no mark covers them, then the marks.
 */
export class MapCanvas {
  #bitmap: { canvas: HTMLCanvasElement; view: MapView; scale: number } | undefined;
  #basemap: Basemap | undefined;

  constructor(readonly canvas: HTMLCanvasElement) {}

  set basemap(basemap: Basemap) {
    this.#basemap = basemap;
    this.#bitmap = undefined;
  }

  /** Forgets the bitmap: a new theme or size. */
  invalidate(): void {
    this.#bitmap = undefined;
  }

  /** Whether the bitmap still covers `view` at its zoom: false asks for `redrawBasemap` once settled. */
  covers(view: MapView): boolean {
    const bitmap = this.#bitmap;
    if (!bitmap || bitmap.view.zoom !== view.zoom || bitmap.view.width !== view.width || bitmap.view.height !== view.height) return false;
    return Math.abs(bitmap.view.x - view.x) <= view.width * MARGIN && Math.abs(bitmap.view.y - view.y) <= view.height * MARGIN;
  }

  get hasBitmap(): boolean {
    return this.#bitmap !== undefined;
  }

  /** Draws the basemap around `view`; false while the basemap has not loaded. */
  redrawBasemap(view: MapView): boolean {
    if (!this.#basemap) return false;
    const scale = window.devicePixelRatio || 1;
    const wide = { ...view, width: view.width * (1 + 2 * MARGIN), height: view.height * (1 + 2 * MARGIN) };
    const canvas = this.#bitmap?.canvas ?? document.createElement('canvas');
    canvas.width = Math.round(wide.width * scale);
    canvas.height = Math.round(wide.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return false;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    paintBasemap(context, this.#basemap, wide, basemapColours(this.canvas));
    this.#bitmap = { canvas, view, scale };
    return true;
  }

  /** `rings`: the selected order's distance rings (its site and each radius in pixels), drawn under the marks. */
  paint(view: MapView, marks: readonly Mark[], selectedId: number | undefined, rings?: Rings, homes: readonly { x: number; y: number }[] = [], tiles?: { draw(context: CanvasRenderingContext2D, view: MapView): void }): void {
    const scale = window.devicePixelRatio || 1;
    const width = Math.round(view.width * scale);
    const height = Math.round(view.height * scale);
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    const context = this.canvas.getContext('2d');
    if (!context) return;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    const style = getComputedStyle(this.canvas);
    context.fillStyle = style.getPropertyValue('--map-water').trim() || '#dce6f0';
    context.fillRect(0, 0, view.width, view.height);
    this.#copyBasemap(context, view);
    // The online tiles where they have arrived; the basemap shows through where they have not.
    tiles?.draw(context, view);
    if (rings) this.#paintRings(context, rings, style);
    this.#paintHomes(context, homes, style);
    // Online tiles bring their own names.
    if (!tiles) this.#paintCities(context, view, marks);
    this.#paintMarks(context, marks, selectedId, style);
  }

  /** Per frame, not in the bitmap: a name keeps clear of the marks, which change without the basemap. */
  #paintCities(context: CanvasRenderingContext2D, view: MapView, marks: readonly Mark[]): void {
    if (!this.#basemap) return;
    const obstacles = marks.map((mark): Box => {
      const radius = mark.kind === 'cluster' ? clusterRadius(mark.count) : ORDER_RADIUS;
      return { left: mark.x - radius, top: mark.y - radius, right: mark.x + radius, bottom: mark.y + radius };
    });
    const colours = basemapColours(this.canvas);
    paintCityLabels(context, this.#basemap.cities, (city) => screenOf(city, view), view, { text: colours.label, halo: colours.land }, obstacles);
  }

  #copyBasemap(context: CanvasRenderingContext2D, view: MapView): void {
    const bitmap = this.#bitmap;
    if (!bitmap) return;
    // The bitmap's view in this view's pixels: moved by the pan, and scaled while a zoom settles.
    const factor = 2 ** (view.zoom - bitmap.view.zoom);
    const left = (bitmap.view.x - bitmap.view.width * (0.5 + MARGIN)) * factor - (view.x - view.width / 2);
    const top = (bitmap.view.y - bitmap.view.height * (0.5 + MARGIN)) * factor - (view.y - view.height / 2);
    context.drawImage(bitmap.canvas, left, top, (bitmap.canvas.width / bitmap.scale) * factor, (bitmap.canvas.height / bitmap.scale) * factor);
  }

  #paintRings(context: CanvasRenderingContext2D, rings: Rings, style: CSSStyleDeclaration): void {
    const colour = style.getPropertyValue('--focus-ring').trim() || '#1f6feb';
    const text = style.getPropertyValue('--text').trim() || '#000';
    context.save();
    context.setLineDash([5, 4]);
    context.lineWidth = 1.25;
    context.strokeStyle = colour;
    context.fillStyle = text;
    context.font = '600 10px system-ui, sans-serif';
    context.textAlign = 'left';
    context.textBaseline = 'bottom';
    for (const ring of rings.radii) {
      context.beginPath();
      context.arc(rings.x, rings.y, ring.pixels, 0, 2 * Math.PI);
      context.stroke();
      context.fillText(`${ring.miles} mi`, rings.x + ring.pixels * Math.SQRT1_2 + 2, rings.y - ring.pixels * Math.SQRT1_2);
    }
    context.restore();
  }

  /** Home bases: small squares, under the orders, in the text colour so they read in both themes. */
  #paintHomes(context: CanvasRenderingContext2D, homes: readonly { x: number; y: number }[], style: CSSStyleDeclaration): void {
    if (homes.length === 0) return;
    context.fillStyle = style.getPropertyValue('--surface').trim() || '#fff';
    context.strokeStyle = style.getPropertyValue('--text').trim() || '#000';
    context.lineWidth = 1.5;
    for (const home of homes) {
      context.beginPath();
      context.rect(home.x - 4, home.y - 4, 8, 8);
      context.fill();
      context.stroke();
    }
  }

  #paintMarks(context: CanvasRenderingContext2D, marks: readonly Mark[], selectedId: number | undefined, style: CSSStyleDeclaration): void {
    const colours = statusColours(this.canvas);
    const surface = style.getPropertyValue('--surface').trim() || '#fff';
    const text = style.getPropertyValue('--text').trim() || '#000';
    context.lineWidth = 1.5;
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.font = '600 11px system-ui, sans-serif';
    let selected: Mark | undefined;
    for (const mark of marks) {
      if (mark.kind === 'order' && mark.id === selectedId) selected = mark;
      context.beginPath();
      if (mark.kind === 'cluster') {
        context.arc(mark.x, mark.y, clusterRadius(mark.count), 0, 2 * Math.PI);
        context.fillStyle = surface;
        context.fill();
        context.lineWidth = 3;
        context.strokeStyle = colours[mark.group];
        context.stroke();
        context.lineWidth = 1.5;
        context.fillStyle = text;
        context.fillText(mark.count >= 1000 ? `${Math.round(mark.count / 100) / 10}k` : String(mark.count), mark.x, mark.y);
      } else {
        context.arc(mark.x, mark.y, ORDER_RADIUS, 0, 2 * Math.PI);
        context.fillStyle = colours[mark.group];
        context.fill();
        context.strokeStyle = surface;
        context.stroke();
      }
    }
    if (selected) {
      context.beginPath();
      context.arc(selected.x, selected.y, ORDER_RADIUS + 4, 0, 2 * Math.PI);
      context.lineWidth = 3;
      context.strokeStyle = style.getPropertyValue('--focus-ring').trim() || '#1f6feb';
      context.stroke();
    }
  }
}
