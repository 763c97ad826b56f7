import type { WorkOrder } from '../../src-shared/api/work-order';
import type { CandidateSource, FoundProviders, ProviderCandidate } from '../../src-shared/ipc/find-provider';
import { messageOf } from '../lib/errors';
import * as service from '../services/providers';
import { orderActions } from './order-actions.svelte';

export type CandidateFilter = 'all' | Exclude<CandidateSource, 'looked-up'>;

/**
 * "Find a provider" for one order: the radius and the filter, what main found (nearby on the
 * marketplace, kept for offline, and the cache's own), a provider looked up by id, and routing or
 * assigning one of them through the order actions (the outbox, with its undo window).
 */
export class FindProvider {
  radius = $state(50);
  filter = $state<CandidateFilter>('all');
  found = $state.raw<FoundProviders | undefined>();
  loading = $state(false);
  error = $state<string | undefined>();
  lookedUp = $state.raw<ProviderCandidate | undefined>();
  lookupError = $state<string | undefined>();
  #sequence = 0;

  constructor(readonly order: WorkOrder) {}

  /** The looked-up provider first, then the filter's, nearest first. */
  shown = $derived.by(() => {
    const candidates = (this.found?.candidates ?? []).filter((candidate) => this.filter === 'all' || candidate.sources.includes(this.filter));
    const looked = this.lookedUp;
    return looked ? [looked, ...candidates.filter((candidate) => candidate.id !== looked.id)] : candidates;
  });

  async search(): Promise<void> {
    const sequence = ++this.#sequence;
    this.loading = true;
    try {
      const found = await service.findProviders({ workOrderId: this.order.id, radius: this.radius });
      if (sequence !== this.#sequence) return;
      this.found = found;
      this.error = undefined;
    } catch (error) {
      if (sequence === this.#sequence) this.error = messageOf(error, 'The providers could not be found.');
    } finally {
      if (sequence === this.#sequence) this.loading = false;
    }
  }

  setRadius(miles: number): void {
    this.radius = miles;
    void this.search();
  }

  async lookUp(text: string): Promise<void> {
    const id = Number(text.trim());
    if (!Number.isInteger(id) || id <= 0) {
      this.lookupError = 'A provider id is a whole number.';
      return;
    }
    try {
      this.lookedUp = await service.lookUpProvider(this.order.id, id);
      this.lookupError = undefined;
    } catch (error) {
      this.lookupError = messageOf(error, `Provider ${id} could not be looked up.`);
    }
  }

  /** Queues the route or the assignment; the order actions toast it with Undo. */
  choose(verb: 'route' | 'assign', candidate: ProviderCandidate): Promise<void> {
    return orderActions.run(verb, [this.order], { providerId: candidate.id });
  }
}
