import { describe, expect, it } from 'vitest';
import { RowGroups } from '../../src-renderer/lib/row-groups';

describe('group headers between the rows of a virtual list', () => {
  const layout = new RowGroups([{ key: 'late', count: 2 }, { key: 'at-risk', count: 0 }, { key: 'problem', count: 3 }], 5);

  it('puts a header before each group that has rows, and every row after its own', () => {
    expect(layout.length).toBe(7);
    expect(Array.from({ length: layout.length }, (_unused, place) => layout.at(place))).toEqual([
      { kind: 'header', group: { key: 'late', count: 2 }, place: 0 },
      { kind: 'row', index: 0, place: 1 },
      { kind: 'row', index: 1, place: 2 },
      { kind: 'header', group: { key: 'problem', count: 3 }, place: 3 },
      { kind: 'row', index: 2, place: 4 },
      { kind: 'row', index: 3, place: 5 },
      { kind: 'row', index: 4, place: 6 },
    ]);
  });

  it('finds a row’s place back from its index', () => {
    expect([0, 1, 2, 3, 4].map((index) => layout.placeOf(index))).toEqual([1, 2, 4, 5, 6]);
  });

  it('is the rows as they are without groups', () => {
    const plain = new RowGroups(undefined, 3);
    expect(plain.length).toBe(3);
    expect(plain.at(2)).toEqual({ kind: 'row', index: 2, place: 2 });
    expect(plain.placeOf(2)).toBe(2);
  });
});
