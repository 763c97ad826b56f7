import { describe, expect, it } from 'vitest';
import { searchExpression } from '../../../src-main/db/search-query';

describe('searchExpression', () => {
  it('quotes every word and matches the last one as a prefix', () => {
    expect(searchExpression('install kio')).toBe('"install" "kio"*');
    expect(searchExpression('  Café   NEAR(x) -y  ')).toBe('"Café" "NEAR" "x" "y"*');
  });

  it('keeps nothing of FTS syntax', () => {
    expect(searchExpression('"a" OR b* AND -c:d ^e')).toBe('"a" "OR" "b" "AND" "c" "d" "e"*');
  });

  it('is null when nothing searchable is left', () => {
    for (const input of [undefined, null, '', '   ', '"*-()', '^:+']) expect(searchExpression(input)).toBeNull();
  });
});
