import type { SavedViewQuery } from '../services/work-orders';
import { messageOf } from '../lib/errors';
import type { MapProviders } from '../../src-shared/ipc/map';
import { OrderPoints } from '../lib/map/order-points';
import { centred, fitted, panned, screenOf, zoomedAt, type MapView } from '../lib/map/web-mercator';
import * as service from '../services/map';
import { cacheChanges } from './cache-changes.svelte';

/** How far an arrow key moves the map, in pixels. */
const PAN_PX = 120;
/** How close the map comes to one order it is asked to show. */
const ORDER_ZOOM = 10;

/**
 * The Work orders screen's map: the points of the list's query, and the view. It reads what the
 * list would show (the same filters, search and list), again whenever the query or the cache
 * changes, and keeps the view where the coordinator left it; the first answer is fitted.
 */
export class WorkOrderMap {
  points = $state.raw<OrderPoints | undefined>();
  /** Providers' home bases the cache knows, drawn under the orders while `showProviders`. */
  providers = $state.raw<MapProviders>([]);
  showProviders = $state(true);
  view = $state.raw<MapView | undefined>();
  error = $state<string | undefined>();
  #query: SavedViewQuery | undefined;
  #sequence = 0;
  #fitted = false;

  /** Follows the cache while the map is shown; answers the cleanup. */
  start(): () => void {
    void this.loadProviders();
    return cacheChanges.follow(() => {
      void this.load();
      void this.loadProviders();
    });
  }

  async loadProviders(): Promise<void> {
    try {
      this.providers = await service.readMapProviders();
    } catch {
      // The orders are the map's point: without home bases it still answers.
    }
  }

  /** The list's query changed: read its points. */
  setQuery(query: SavedViewQuery): void {
    this.#query = query;
    void this.load();
  }

  async load(): Promise<void> {
    if (!this.#query) return;
    const sequence = ++this.#sequence;
    const { sort: _sort, order: _order, search, ...filters } = this.#query;
    const text = search?.trim();
    try {
      const answer = await service.readMapOrders({ ...filters, ...(text ? { search: text } : {}) });
      if (sequence !== this.#sequence) return;
      this.points = new OrderPoints(answer);
      this.error = undefined;
      this.#fitIfFirst();
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The map could not be read.');
    }
  }

  /** The canvas was measured (or resized): the view keeps its centre and takes the new size. */
  resize(width: number, height: number): void {
    if (width <= 0 || height <= 0) return;
    this.view = this.view ? { ...this.view, width, height } : centred({ longitude: -96, latitude: 38.5 }, 4, width, height);
    this.#fitIfFirst();
  }

  /** Every order of the answer in view. */
  fit(): void {
    if (!this.view || !this.points) return;
    this.view = fitted(this.points.places, this.view.width, this.view.height);
  }

  pan(dx: number, dy: number): void {
    if (this.view) this.view = panned(this.view, dx, dy);
  }

  zoomTo(zoom: number, screenX?: number, screenY?: number): void {
    if (this.view) this.view = zoomedAt(this.view, zoom, screenX, screenY);
  }

  /** A key of the map's own (arrows move it, plus and minus zoom, 0 shows every order); answers whether it was one. */
  key(key: string): boolean {
    const view = this.view;
    if (!view) return false;
    const moves: Record<string, () => void> = {
      ArrowLeft: () => this.pan(PAN_PX, 0),
      ArrowRight: () => this.pan(-PAN_PX, 0),
      ArrowUp: () => this.pan(0, PAN_PX),
      ArrowDown: () => this.pan(0, -PAN_PX),
      '+': () => this.zoomTo(view.zoom + 1),
      '=': () => this.zoomTo(view.zoom + 1),
      '-': () => this.zoomTo(view.zoom - 1),
      '0': () => this.fit(),
    };
    moves[key]?.();
    return key in moves;
  }

  /** Brings an order into view (selected in the list): left alone when it is in view already. */
  show(id: number): void {
    const place = this.points?.placeOf(id);
    const view = this.view;
    if (!place || !view) return;
    const [x, y] = screenOf(place, view);
    if (x >= 24 && y >= 24 && x <= view.width - 24 && y <= view.height - 24) return;
    this.view = centred(place, Math.max(view.zoom, ORDER_ZOOM), view.width, view.height);
  }

  #fitIfFirst(): void {
    if (this.#fitted || !this.view || !this.points) return;
    this.#fitted = true;
    this.fit();
  }
}
