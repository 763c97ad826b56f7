import type { EventPayload } from '../../src-shared/ipc/contract';
import { on } from '../lib/api';
import { Listeners } from '../lib/listeners';

/** Events in one burst are one change: a write announces its orders and the outbox together. */
const BURST_MS = 16;

export interface OrderChange {
  /** Everything may have changed (another environment, a first pull). */
  all: boolean;
  /** Orders written in the cache (an optimistic change, a pull, an answer of the marketplace). */
  ids: ReadonlySet<number>;
  /** Orders created offline that now have the marketplace's id. */
  renamed: readonly { from: number; to: number }[];
}

type Listener = (change: OrderChange) => void;

/**
 * The work orders main says changed in the cache, told once per burst to every follower. Screens
 * follow this instead of main's events, so one write costs each screen at most one read, and a
 * pull's thousands of changes cost a read per burst, not per page.
 */
class CacheChanges {
  readonly #listeners = new Listeners<OrderChange>();
  #pending: { all: boolean; ids: Set<number>; renamed: { from: number; to: number }[] } | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  /** Listens to main (App, once); answers what stops it. */
  start(): () => void {
    const stops = [
      on('workorders:did-change', (change) => this.#add(change)),
      on('environments:did-change', () => this.#add({ all: true })),
    ];
    return () => {
      stops.forEach((stop) => stop());
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#pending = undefined;
    };
  }

  follow(listener: Listener): () => void {
    return this.#listeners.add(listener);
  }

  #add(change: EventPayload<'workorders:did-change'>): void {
    const pending = (this.#pending ??= { all: false, ids: new Set(), renamed: [] });
    if ('all' in change) pending.all = true;
    else {
      for (const id of change.ids) pending.ids.add(id);
      pending.renamed.push(...(change.renamed ?? []));
    }
    this.#timer ??= setTimeout(() => this.#flush(), BURST_MS);
  }

  #flush(): void {
    this.#timer = undefined;
    const change = this.#pending;
    this.#pending = undefined;
    if (!change) return;
    this.#listeners.tell(change);
  }
}

export const cacheChanges = new CacheChanges();

/** Whether a change touches one order (by its id, or a rename to or from it). */
export function touches(change: OrderChange, id: number): boolean {
  return change.all || change.ids.has(id) || change.renamed.some((rename) => rename.from === id || rename.to === id);
}
