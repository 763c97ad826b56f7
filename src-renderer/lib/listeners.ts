/** Callbacks told of something, each added with the way to remove it. */
export class Listeners<T> {
  readonly #all = new Set<(value: T) => void>();

  add(listener: (value: T) => void): () => void {
    this.#all.add(listener);
    return () => this.#all.delete(listener);
  }

  get size(): number {
    return this.#all.size;
  }

  tell(value: T): void {
    for (const listener of this.#all) listener(value);
  }
}
