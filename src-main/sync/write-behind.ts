interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Writes what the network brings behind the fetching: a lane hands its page over and goes straight
 * back to the network, and the pages that arrived meanwhile are written together, in one call (one
 * transaction), `delayMs` after the first of them. The lanes' answers of one round come within about
 * a millisecond of each other: waiting that long lets every one of them be parsed and send its next
 * request before the write holds the thread (on the next turn instead, the 40 ms network's sync ran at
 * 0.84–0.89 of a bare fetch's speed; with 1 ms, 0.94–0.97; 2–3 ms, 0.93). A lane waits only while
 * more than `highWater` items wait, so a slow disk holds the network back instead of piling pages up in memory.
 */
export class WriteBehind<Item> {
  #waiting: Item[] = [];
  #waiters: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #failure: { error: unknown } | undefined;

  constructor(
    private readonly write: (items: Item[]) => void,
    private readonly highWater: number,
    private readonly delayMs = 1,
  ) {}

  /** Hands items over to be written; resolves at once, or after the next write when too many wait. */
  add(items: readonly Item[]): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure.error);
    for (const item of items) this.#waiting.push(item);
    this.#schedule();
    if (this.#waiting.length <= this.highWater) return Promise.resolve();
    return new Promise((resolve, reject) => this.#waiters.push({ resolve, reject }));
  }

  /** Writes whatever waits, now; throws what a write threw. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#run();
    if (this.#failure) throw this.#failure.error;
  }

  #schedule(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#run();
    }, this.delayMs);
  }

  #run(): void {
    if (!this.#failure && this.#waiting.length > 0) {
      const batch = this.#waiting;
      this.#waiting = [];
      try {
        this.write(batch);
      } catch (error) {
        this.#failure = { error };
        this.#waiting = [];
      }
    }
    for (const waiter of this.#waiters.splice(0)) {
      if (this.#failure) waiter.reject(this.#failure.error);
      else waiter.resolve();
    }
  }
}
