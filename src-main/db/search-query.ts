/** Words longer than this are cut: no one types them, and a huge token only slows the index. */
const MAX_TOKEN_LENGTH = 64;
/** A pasted paragraph is not a search; the first words narrow enough. */
const MAX_TOKENS = 16;

/**
 * Turns what a user typed into an FTS5 MATCH expression that means "every word, the last one as a
 * prefix". User text is never FTS syntax: only letters, digits and combining marks are kept (what
 * the `unicode61` tokenizer indexes), each word is quoted, so `NEAR`, `AND`, `-`, `*`, `"`, `:` and
 * parentheses are plain text. Returns null when nothing searchable is left.
 */
export function searchExpression(input: string | null | undefined): string | null {
  const tokens = tokensOf(input);
  if (tokens.length === 0) return null;
  return tokens.map((token, index) => (index === tokens.length - 1 ? `"${token}"*` : `"${token}"`)).join(' ');
}

function tokensOf(input: string | null | undefined): string[] {
  if (!input) return [];
  return (input.normalize('NFKC').match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, MAX_TOKENS).map((token) => Array.from(token).slice(0, MAX_TOKEN_LENGTH).join(''));
}

/** How many words a MATCH expression of `searchExpression` asks for: each is quoted. */
export function wordsOf(expression: string): number {
  return (expression.match(/"/g)?.length ?? 0) / 2;
}

/**
 * A search narrowed by the place filters beside it: the city's and the state's words asked of the
 * index's location column too, where every order's city and state are indexed (its address, then
 * city, state and zip; work-order-columns.ts). The index then meets far fewer orders than the words
 * alone: "repair" matches 143,000 of a million, and each match was looked up in the table (0.8 µs)
 * to test its city, 113 ms in all; with Denver, CO asked of the index too, 14,000 are left (41 ms,
 * timed by hand). It only narrows: the filters themselves still decide ("Portland" is asked, and
 * South Portland matches the words too). A value with no word to ask adds nothing.
 */
export function narrowedByPlace(expression: string, place: { city?: string | null; state?: string | null }): string {
  const phrases = [place.city, place.state].flatMap((value) => {
    const tokens = tokensOf(value);
    return tokens.length > 0 ? [`location : "${tokens.join(' ')}"`] : [];
  });
  return phrases.length > 0 ? `(${expression}) AND ${phrases.join(' AND ')}` : expression;
}

/**
 * Whether every word of a MATCH expression (`searchExpression`'s) is one the text index finds by a
 * lookup, so each order can be asked of it alone (`rowid = ?`, ~15 µs): the words before the last
 * are whole, and the last one, a prefix, is as long as the index keeps prefixes of (migration
 * 0028's `prefix = '1 2 3 4'`). For a longer prefix the index merges every word so begun at each
 * order asked: 3 ms an order, seconds for a page ("install"; timed by hand). Plain letters and
 * digits only: a prefix of other characters is not counted here.
 */
export function askableByRow(expression: string): boolean {
  const last = /"([^"]*)"\*$/.exec(expression)?.[1];
  return last !== undefined && /^[a-z0-9]{1,4}$/i.test(last);
}
