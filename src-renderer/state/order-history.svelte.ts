import type { HistoryEntry } from '../../src-shared/ipc/order-history';
import { coalesced } from '../lib/coalesce';
import { messageOf } from '../lib/errors';
import * as service from '../services/order-history';
import { cacheChanges, touches } from './cache-changes.svelte';

/**
 * One open order's history. Read only while the History section is on screen (`setVisible`), like
 * the outbox's entries: a write on an open order already costs the list and the detail a read
 * each, and a history nobody looks at adds none. A change while hidden marks it stale; showing it
 * reads it then. Changes come from the outbox's events (its steps) and the cache's (the
 * marketplace's copy after a pull or a refresh); a burst of both is one read.
 */
export class OrderHistoryState {
  entries = $state.raw<readonly HistoryEntry[]>([]);
  /** Steps older than the answer's, left out by main. */
  older = $state(0);
  loaded = $state(false);
  error = $state<string | undefined>();

  readonly #id: () => number;
  #visible = false;
  #stale = true;
  #sequence = 0;
  readonly #readSoon = coalesced(() => this.read());

  /** `id` is read at each read: the open order's id follows a rename (an order created offline answered). */
  constructor(id: () => number) {
    this.#id = id;
  }

  /** Follows the outbox and the cache until the returned stop is called. */
  start(): () => void {
    const stops = [
      service.followOutboxChanges(() => this.#changed()),
      cacheChanges.follow((change) => {
        if (touches(change, this.#id())) this.#changed();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }

  /** The section came into view or left it. */
  setVisible(visible: boolean): void {
    this.#visible = visible;
    if (visible && this.#stale) this.#readSoon();
  }

  async read(): Promise<void> {
    const sequence = ++this.#sequence;
    this.#stale = false;
    try {
      const answer = await service.readHistory(this.#id());
      // A slower, older answer never paints over a newer one.
      if (sequence !== this.#sequence) return;
      this.entries = answer.entries;
      this.older = answer.older;
      this.error = undefined;
    } catch (error) {
      if (sequence !== this.#sequence) return;
      this.error = messageOf(error, 'The history could not be read.');
      this.#stale = true;
    } finally {
      if (sequence === this.#sequence) this.loaded = true;
    }
  }

  #changed(): void {
    this.#stale = true;
    if (this.#visible) this.#readSoon();
  }
}
