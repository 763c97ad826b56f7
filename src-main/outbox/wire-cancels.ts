/**
 * How to stop the request of an entry while it is on the wire (a long upload the coordinator
 * cancels), and which entries are being stopped: those are not sent again meanwhile.
 */
export class WireCancels {
  readonly #cancellers = new Map<string, () => Promise<void>>();
  readonly #stopping = new Set<string>();

  /** The runner says how to stop an entry's request; the answer forgets it. */
  register(entryId: string, cancel: () => Promise<void>): () => void {
    this.#cancellers.set(entryId, cancel);
    return () => this.#cancellers.delete(entryId);
  }

  get stopping(): ReadonlySet<string> {
    return this.#stopping;
  }

  /** Stops the entry's request when one is on the wire, and waits for it to wind down. */
  async stop(entryId: string): Promise<void> {
    const cancel = this.#cancellers.get(entryId);
    if (!cancel) return;
    this.#stopping.add(entryId);
    try {
      await cancel();
    } finally {
      this.#stopping.delete(entryId);
    }
  }
}
