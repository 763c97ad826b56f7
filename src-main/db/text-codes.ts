import { noCase } from './sqlite-order';

/**
 * The texts of the columns kept in memory (filter-columns.ts) as numbers, equal as SQLite compares
 * them (`noCase`); 0 is none. Also which cities were read in more than one state, for the search's
 * narrowing (`inSeveralStates`).
 */
export class TextCodes {
  readonly #codes = new Map<string, number>();
  /** The same numbers by each text as read, unfolded: most orders share a few places, each text is folded once. */
  readonly #asRead = new Map<string, number>();
  readonly #stateOfCity = new Map<number, number>();
  readonly #citiesInSeveralStates = new Set<number>();

  clear(): void {
    this.#codes.clear();
    this.#asRead.clear();
    this.#stateOfCity.clear();
    this.#citiesInSeveralStates.clear();
  }

  /** The number of a text as read, given one if it has none. */
  code(value: string | null): number {
    if (value === null) return 0;
    let code = this.#asRead.get(value);
    if (code !== undefined) return code;
    const key = noCase(value);
    code = this.#codes.get(key);
    if (code === undefined) {
      code = this.#codes.size + 1;
      this.#codes.set(key, code);
    }
    this.#asRead.set(value, code);
    return code;
  }

  /** The number of a text asked for; undefined when no order read had it. */
  find(value: string): number | undefined {
    return this.#codes.get(noCase(value));
  }

  /** Notes an order's city and state, as codes. */
  place(city: number, state: number): void {
    const known = this.#stateOfCity.get(city);
    if (known === undefined) this.#stateOfCity.set(city, state);
    else if (known !== state) this.#citiesInSeveralStates.add(city);
  }

  /**
   * Whether orders of this city were read in more than one state (Portland, OR and ME). It only
   * narrows a search, so a city that has since left a state may still answer true.
   */
  inSeveralStates(city: string): boolean {
    const code = this.find(city);
    return code !== undefined && this.#citiesInSeveralStates.has(code);
  }
}
