/**
 * What changed, as webhook event names (decisions §7). Routes emit after their transaction commits;
 * the webhook service subscribes. Emitting is synchronous and in order.
 */
export interface DomainEvent {
  name: string;
  workOrderId: number;
  companyId: number;
  statusId: number;
  previousStatusId: number;
  triggeredByUserId: number;
  at: number;
}

export class DomainEvents {
  readonly #listeners = new Set<(event: DomainEvent) => void>();

  emit(event: DomainEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
