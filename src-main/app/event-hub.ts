import type { EventName, EventPayload } from '../../src-shared/ipc/contract';

export type EventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Main's side of the event table: services emit, each transport (window, socket) subscribes. */
export class EventHub {
  #listeners = new Set<EventListener>();

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) listener(event, payload);
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
