import { normaliseHeading } from './import-fields';

/** Entries of a list a file names by name (case and punctuation aside) or by id. */
export class NameIndex<T extends { id: number; name: string }> {
  readonly #byName = new Map<string, T>();
  readonly #byId = new Map<number, T>();
  constructor(entries: readonly T[]) {
    for (const entry of entries) {
      this.#byName.set(normaliseHeading(entry.name), entry);
      this.#byId.set(entry.id, entry);
    }
  }
  /** By name (case and punctuation aside), or by id when the cell is a number. */
  find(text: string): T | undefined {
    const named = this.#byName.get(normaliseHeading(text));
    if (named) return named;
    return /^\d+$/.test(text) ? this.#byId.get(Number(text)) : undefined;
  }
}
