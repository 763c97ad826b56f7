import { type MarketplaceDatabase, readMeta, writeMeta } from './store/database';

/**
 * The marketplace's time: the machine's clock plus an offset the control plane can advance
 * (token expiry, pay delay, backoff). The offset is stored, so a restart keeps the same time.
 */
export class Clock {
  #offsetMs: number;
  readonly #listeners = new Set<() => void>();

  constructor(private readonly db: MarketplaceDatabase) {
    this.#offsetMs = Number(readMeta(db, 'clock_offset_ms') ?? 0);
  }

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  advance(seconds: number): number {
    this.#offsetMs += Math.round(seconds * 1000);
    writeMeta(this.db, 'clock_offset_ms', String(this.#offsetMs));
    for (const listener of this.#listeners) listener();
    return this.now();
  }

  reset(): void {
    this.#offsetMs = 0;
    writeMeta(this.db, 'clock_offset_ms', '0');
  }

  /** Called after every advance, so work that fell due runs at once. */
  onAdvance(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
