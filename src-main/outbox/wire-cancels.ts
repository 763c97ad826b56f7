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

  /**
   * Stops the entry's request when one is on the wire, and waits for it to wind down. The entry
   * stays marked as stopping until `release`: between the request's end and the caller's next step
   * the runner would otherwise send it again.
   */
  async stop(entryId: string): Promise<void> {
    const cancel = this.#cancellers.get(entryId);
    this.#stopping.add(entryId);
    if (!cancel) return;
    try {
      await cancel();
    } catch (error) {
      this.#stopping.delete(entryId);
      throw error;
    }
  }

  /** The caller is done with a stopped entry (dropped it, or left it queued). */
  release(entryId: string): void {
    this.#stopping.delete(entryId);
  }
}
