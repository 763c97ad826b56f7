import type { WorkOrder } from '../../src-shared/api/work-order';
import { routedProviders } from '../../src-shared/domain/work-order-people';
import { allowsAction } from '../../src-shared/domain/work-order-rules';
import { messageOf } from '../lib/errors';
import * as service from '../services/talent-pools';
import { orderActions } from './order-actions.svelte';

/**
 * The order picker of "Route a job…" from a pool member: cached orders a route can start from,
 * searched like the list, without those already routed to the provider.
 */
export class RouteJobPicker {
  search = $state('');
  orders = $state.raw<WorkOrder[]>([]);
  total = $state(0);
  loaded = $state(false);
  error = $state<string | undefined>();
  chosenId = $state<number | undefined>();
  #sequence = 0;

  constructor(readonly providerId: number) {}

  chosen = $derived(this.orders.find((order) => order.id === this.chosenId));

  async read(text: string = this.search): Promise<void> {
    this.search = text;
    const sequence = ++this.#sequence;
    try {
      const page = await service.routableOrders(text);
      if (sequence !== this.#sequence) return;
      this.orders = page.orders.filter((order) => allowsAction('route', order) && !routedProviders(order).includes(this.providerId));
      this.total = page.total;
      this.error = undefined;
      if (!this.orders.some((order) => order.id === this.chosenId)) this.chosenId = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The work orders could not be read.');
    } finally {
      if (sequence === this.#sequence) this.loaded = true;
    }
  }

  /** Queues the route the way every screen does (its toast included); false when no order is chosen. */
  route(): boolean {
    const order = this.chosen;
    if (!order) return false;
    void orderActions.run('route', [order], { providerId: this.providerId });
    return true;
  }
}
