import { describe, expect, it } from 'vitest';
import { askableByRow, narrowedByPlace, searchExpression, wordsOf } from '../../../src-main/db/search-query';
import { rowChecksCheaper } from '../../../src-main/db/wide-search';

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

describe('askableByRow', () => {
  const askable = (input: string | undefined) => {
    const expression = searchExpression(input);
    return expression !== null && askableByRow(expression);
  };

  it('is true when the last word is a prefix of one to four letters or digits: the index keeps those', () => {
    for (const input of ['p', 'in', 'INS', 'inst', 'install d', 'install de', 'printer 2', 'kiosk 7381', 'a b c de']) expect(askable(input), input).toBe(true);
  });

  it('is false for a prefix of five and more, for other characters, and for nothing', () => {
    for (const input of ['insta', 'install', 'kiosk 73812', 'émi', 'кио', '', undefined, '"*']) expect(askable(input), String(input)).toBe(false);
  });
});

describe('narrowedByPlace', () => {
  it('asks the location column for the city’s and the state’s words as phrases', () => {
    expect(narrowedByPlace('"repair"*', { city: 'Winston-Salem', state: 'NC' })).toBe('("repair"*) AND location : "Winston Salem" AND location : "NC"');
    expect(narrowedByPlace('"a" "b"*', { city: 'Quote "City" OR x' })).toBe('("a" "b"*) AND location : "Quote City OR x"');
  });

  it('adds nothing for a place with no word, or none given', () => {
    expect(narrowedByPlace('"repair"*', { city: '—', state: '' })).toBe('"repair"*');
    expect(narrowedByPlace('"repair"*', {})).toBe('"repair"*');
  });
});

describe('wordsOf', () => {
  it('counts the words a search expression asks for', () => {
    expect(wordsOf(searchExpression('p') as string)).toBe(1);
    expect(wordsOf(searchExpression('install kiosk de') as string)).toBe(3);
  });
});

describe('rowChecksCheaper', () => {
  it('counts each word of the search asked of every order passed: 130,000 matches of a million are walked row by row for one word, made a set for three', () => {
    expect(rowChecksCheaper(100, 130_000, 1_000_000, 1)).toBe(true);
    expect(rowChecksCheaper(100, 130_000, 1_000_000, 3)).toBe(false);
  });
});
