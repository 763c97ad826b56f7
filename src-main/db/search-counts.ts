import { changeKey } from './change-key';
import type { CacheDatabase } from './database';
import type { StatementCache } from './statement-cache';
import { SEARCH_COUNT_SQL } from './wide-search';

/** Searches whose counts are kept: a few words typed and typed back over. */
const KEPT = 64;

/**
 * How many orders each search matches, as the text index counts them, kept until the cache changes.
 * Typing back over a word asks every shorter text again, and at a million orders the count of one
 * found in most orders reads all of them ("p": 35 ms, timed by hand) each time.
 */
export class SearchCounts {
  #key = '';
  readonly #counts = new Map<string, number>();

  constructor(
    private readonly db: CacheDatabase,
    private readonly statements: StatementCache,
  ) {}

  /** The count of a MATCH expression (search-query.ts). */
  count(expression: string): number {
    const key = changeKey(this.db);
    if (key !== this.#key) {
      this.#key = key;
      this.#counts.clear();
    }
    let count = this.#counts.get(expression);
    if (count === undefined) {
      count = this.statements.get(SEARCH_COUNT_SQL).pluck().get(expression) as number;
      // The oldest one asked goes first.
      if (this.#counts.size >= KEPT) this.#counts.delete(this.#counts.keys().next().value as string);
      this.#counts.set(expression, count);
    }
    return count;
  }
}
