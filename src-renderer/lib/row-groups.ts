/**
 * A virtual list with group headers between its rows (the triage queue: "Running late 2", then its
 * orders, "At risk 1", ...). The rows keep their own indexes (the pages, the keyboard's row, the
 * selection count rows); only the display places move, one header before each group. Pure maths,
 * O(groups) per answer.
 */
export interface RowGroup<Key extends string = string> {
  key: Key;
  count: number;
}

export type DisplayItem<Key extends string> = { kind: 'header'; group: RowGroup<Key>; place: number } | { kind: 'row'; index: number; place: number };

export class RowGroups<Key extends string = string> {
  readonly #groups: readonly RowGroup<Key>[];
  /** The first row index of each group. */
  readonly #starts: number[];
  readonly #rows: number;

  /** No group (or none given): the display is the rows as they are. */
  constructor(groups: readonly RowGroup<Key>[] | undefined, rows: number) {
    this.#groups = (groups ?? []).filter((group) => group.count > 0);
    this.#rows = rows;
    let start = 0;
    this.#starts = this.#groups.map((group) => {
      const at = start;
      start += group.count;
      return at;
    });
  }

  /** Places in the display: every row and every header. */
  get length(): number {
    return this.#rows + this.#groups.length;
  }

  /** The group a row belongs to, by how many groups start at or before it. */
  #groupOf(index: number): number {
    let group = -1;
    for (const start of this.#starts) {
      if (start > index) break;
      group += 1;
    }
    return group;
  }

  /** Where a row shows: after its own group's header and every earlier one. */
  placeOf(index: number): number {
    return index + this.#groupOf(index) + 1;
  }

  /** What shows at a place of the display. */
  at(place: number): DisplayItem<Key> {
    for (let group = this.#groups.length - 1; group >= 0; group -= 1) {
      const headerPlace = (this.#starts[group] as number) + group;
      if (place === headerPlace) return { kind: 'header', group: this.#groups[group] as RowGroup<Key>, place };
      if (place > headerPlace) return { kind: 'row', index: place - group - 1, place };
    }
    return { kind: 'row', index: place, place };
  }
}
