import type { SavedLocation } from '../../src-shared/api/location';
import type { WorkOrder } from '../../src-shared/api/work-order';
import * as service from '../services/locations';
import { orderRequest } from './palette.svelte';
import { messageOf } from '../lib/errors';
import { cacheChanges } from './cache-changes.svelte';

/**
 * The Locations screen: the search, the saved locations it finds (from the cache), and which one
 * is being edited (`'new'` for a new one). Re-reads whenever main announces a change; follows a
 * temporary id to the real one when the marketplace answers a create.
 */
export class LocationsState {
  query = $state('');
  results = $state.raw<SavedLocation[]>([]);
  loaded = $state(false);
  error = $state<string | undefined>();
  selectedId = $state<number | 'new' | undefined>();
  #sequence = 0;

  selected = $derived(typeof this.selectedId === 'number' ? this.results.find((location) => location.id === this.selectedId) : undefined);

  start(): () => void {
    const stop = service.followLocationChanges((renamed) => {
      const moved = renamed.find((rename) => rename.from === this.selectedId);
      if (moved) this.selectedId = moved.to;
      void this.refresh();
    });
    void this.refresh();
    return stop;
  }

  search(text: string): void {
    this.query = text;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const results = await service.searchLocations(this.query.trim());
      if (sequence !== this.#sequence) return;
      this.results = results;
      this.loaded = true;
      this.error = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The saved locations could not be read.');
    }
  }
}

/**
 * The cached work orders that use one saved location (a temporary one too), for its panel and its
 * delete confirmation: re-read whenever orders change in the cache or the outbox moves.
 */
export class LocationOrders {
  orders = $state.raw<WorkOrder[]>([]);
  /** Every order that uses the location; the list shows the latest `service.LOCATION_ORDERS_SHOWN`. */
  total = $state(0);
  /** Of the orders listed, those with a change waiting in the outbox. */
  pending = $state.raw<readonly number[]>([]);
  loaded = $state(false);
  error = $state<string | undefined>();
  #sequence = 0;

  constructor(readonly locationId: number) {}

  /** More orders use it than the list shows. */
  more = $derived(Math.max(0, this.total - this.orders.length));

  start(): () => void {
    const stop = cacheChanges.follow(() => void this.refresh());
    void this.refresh();
    return stop;
  }

  async refresh(): Promise<void> {
    const sequence = ++this.#sequence;
    try {
      const page = await service.ordersAtLocation(this.locationId);
      if (sequence !== this.#sequence) return;
      this.orders = page.orders;
      this.total = page.total;
      this.pending = page.pending;
      this.loaded = true;
      this.error = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The orders at this location could not be read.');
    }
  }

  /** Opens the order in the Work orders screen, the way the palette and the outbox do. */
  open(id: number): void {
    orderRequest.open(id);
  }
}

/** "Used by 3 orders", "Used by 1 order", "Not used by any order": the count as the panel and the delete dialog say it. */
export function usageText(total: number): string {
  if (total === 0) return 'Not used by any order';
  return `Used by ${total} ${total === 1 ? 'order' : 'orders'}`;
}
