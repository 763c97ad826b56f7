const WINDOW_MS = 60_000;
/** Past this many keys, idle ones are forgotten: tokens come and go. */
const KEYS_BEFORE_PRUNING = 10_000;

/**
 * Requests per minute per key (decisions §8), over a sliding window on the marketplace clock: a
 * request is let through when fewer than `perMinute` requests of its key were let through in the
 * 60 s before it. Refused requests take no slot. 0 turns the limit off.
 */
export class RateLimiter {
  #perMinute: number;
  /** Per key, when its admitted requests of the window came, oldest first. */
  readonly #windows = new Map<string, number[]>();

  constructor(perMinute: number) {
    this.#perMinute = perMinute;
  }

  get perMinute(): number {
    return this.#perMinute;
  }

  /** A new limit starts from an empty window, so what was counted under the old one is forgotten. */
  setPerMinute(perMinute: number): void {
    this.#perMinute = perMinute;
    this.#windows.clear();
  }

  /** Takes a slot for `key` at `now`: undefined when admitted, else the whole seconds until a slot frees. */
  take(key: string, now: number): number | undefined {
    if (this.#perMinute === 0) return undefined;
    const times = this.#windows.get(key) ?? [];
    // The clock only moves back on a reset; what was counted after the new "now" no longer counts.
    if (times.length > 0 && (times.at(-1) as number) > now) times.length = 0;
    while (times.length > 0 && (times[0] as number) <= now - WINDOW_MS) times.shift();
    if (times.length >= this.#perMinute) {
      this.#windows.set(key, times);
      return Math.max(1, Math.ceil(((times[0] as number) + WINDOW_MS - now) / 1000));
    }
    if (!this.#windows.has(key) && this.#windows.size >= KEYS_BEFORE_PRUNING) this.#prune(now);
    times.push(now);
    this.#windows.set(key, times);
    return undefined;
  }

  #prune(now: number): void {
    for (const [key, times] of this.#windows) {
      if ((times.at(-1) ?? 0) <= now - WINDOW_MS) this.#windows.delete(key);
    }
  }
}
