import { SvelteMap } from 'svelte/reactivity';
import type { WorkOrder } from '../../src-shared/api/work-order';

/** The most orders "select all" takes: a bulk action on more is a job for auto-dispatch or the API. */
export const SELECT_ALL_LIMIT = 5_000;

/**
 * The orders picked for a bulk action. Kept by id with the row as it was when picked (the bulk
 * action checks each order's status), and owned by the screen, not the query: it survives a switch
 * to another view, so a coordinator can gather orders from several.
 */
export class WorkOrderSelection {
  #orders = new SvelteMap<number, WorkOrder>();
  /** Where the last plain or Ctrl-click was: shift-click selects from here. */
  anchor = $state<number | undefined>();

  size = $derived(this.#orders.size);
  orders = $derived([...this.#orders.values()]);

  has(id: number): boolean {
    return this.#orders.has(id);
  }

  toggle(order: WorkOrder, index?: number): void {
    if (this.#orders.has(order.id)) this.#orders.delete(order.id);
    else this.#orders.set(order.id, order);
    if (index !== undefined) this.anchor = index;
  }

  /** Adds every order given (shift-click's range, or select all), keeping what was there. */
  add(orders: readonly WorkOrder[]): void {
    for (const order of orders) this.#orders.set(order.id, order);
  }

  /** Rows the list re-read: the selection keeps their newest state, so a bulk action checks the status now. */
  refresh(rows: readonly WorkOrder[]): void {
    if (this.#orders.size === 0) return;
    for (const row of rows) if (this.#orders.has(row.id) && this.#orders.get(row.id) !== row) this.#orders.set(row.id, row);
  }

  clear(): void {
    this.#orders.clear();
    this.anchor = undefined;
  }
}
