/**
 * Mulberry32: a small seeded generator, so the simulation's choices repeat run after run. Not
 * for anything secret.
 */
export class SeededRandom {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let value = this.#state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<Item>(items: readonly Item[]): Item | undefined {
    return items.length === 0 ? undefined : items[Math.floor(this.next() * items.length)];
  }

  /** A new array in random order (Fisher–Yates). */
  shuffled<Item>(items: readonly Item[]): Item[] {
    const result = [...items];
    for (let index = result.length - 1; index > 0; index--) {
      const other = Math.floor(this.next() * (index + 1));
      [result[index], result[other]] = [result[other] as Item, result[index] as Item];
    }
    return result;
  }
}
