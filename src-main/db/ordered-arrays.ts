// Searches and tests over arrays the columns kept in memory need (filter-columns.ts).

/**
 * The index of `id` in `ids` (sorted, `count` of them), from `from` on; -1 when absent. Galloping
 * from `from` first: the ids asked come in order, a few apart, and the halving then stays near them.
 */
export function findFrom(ids: Float64Array, count: number, id: number, from: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < count && (ids[high] as number) < id) {
    low = high + 1;
    high = from + step;
    step *= 2;
  }
  high = Math.min(high, count - 1);
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = ids[middle] as number;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * The first `count` of `0 … length - 1` in the order `before` gives, sorted: a page needs only
 * those, and keeping them in a heap costs n log count instead of sorting every match.
 */
export function firstInOrder(length: number, count: number, before: (a: number, b: number) => number): number[] {
  if (count >= length / 4) return Array.from({ length }, (_unused, index) => index).sort(before).slice(0, count);
  // A heap whose root is the last of the first `count` seen so far.
  const heap: number[] = [];
  const after = (a: number, b: number) => before(a, b) > 0;
  const up = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!after(heap[at] as number, heap[parent] as number)) return;
      [heap[at], heap[parent]] = [heap[parent] as number, heap[at] as number];
      at = parent;
    }
  };
  const down = (at: number) => {
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let last = at;
      if (left < heap.length && after(heap[left] as number, heap[last] as number)) last = left;
      if (right < heap.length && after(heap[right] as number, heap[last] as number)) last = right;
      if (last === at) return;
      [heap[at], heap[last]] = [heap[last] as number, heap[at] as number];
      at = last;
    }
  };
  for (let index = 0; index < length; index += 1) {
    if (heap.length < count) {
      heap.push(index);
      up(heap.length - 1);
    } else if (count > 0 && before(index, heap[0] as number) < 0) {
      heap[0] = index;
      down(0);
    }
  }
  return heap.sort(before);
}

/**
 * Whether a status is among these: a table indexed by the status id (ids are small), read once per
 * match of a search with filters, instead of a Set's hash (with the match arrays below sized once:
 * "repair" in Portland at a million orders, 21.2 → 20.2 ms at p50 for the whole query, timed by hand
 * in alternating runs); a Set for ids too large for a table.
 */
export function statusTable(ids: readonly number[]): (id: number) => boolean {
  const valid = ids.filter((id) => Number.isInteger(id) && id >= 0);
  if (valid.some((id) => id > 0xffff)) {
    const set = new Set(valid);
    return (id) => set.has(id);
  }
  const table = new Uint8Array(Math.max(0, ...valid) + 1);
  for (const id of valid) table[id] = 1;
  return (id) => table[id] === 1;
}
