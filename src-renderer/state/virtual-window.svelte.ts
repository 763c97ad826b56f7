/**
 * Which rows of a fixed-height list are on screen. Layout maths only (Immich's virtual scroller
 * in miniature): the component feeds it the scroll offset and the viewport height, and renders
 * `start`..`end` positioned at `index * rowHeight`. Fixed heights make every answer O(1).
 */
export class VirtualWindow {
  scrollTop = $state(0);
  viewportHeight = $state(0);
  readonly rowHeight: number;
  readonly overscan: number;
  readonly #count: () => number;

  /** `count` is read, not copied: the rows stay owned by whoever holds them. */
  constructor(rowHeight: number, count: () => number, overscan = 8) {
    this.rowHeight = rowHeight;
    this.#count = count;
    this.overscan = overscan;
  }

  get count(): number {
    return this.#count();
  }

  // Getters, not $derived: the sums are cheaper than a derived's bookkeeping, and still reactive.
  get start(): number {
    return Math.max(0, Math.floor(this.scrollTop / this.rowHeight) - this.overscan);
  }

  get end(): number {
    return Math.min(this.count, Math.ceil((this.scrollTop + this.viewportHeight) / this.rowHeight) + this.overscan);
  }

  get totalHeight(): number {
    return this.count * this.rowHeight;
  }

  /** The scroll offset that brings row `index` fully into view, or undefined when it already is. */
  scrollTargetFor(index: number): number | undefined {
    const top = index * this.rowHeight;
    if (top < this.scrollTop) return top;
    if (top + this.rowHeight > this.scrollTop + this.viewportHeight) return top + this.rowHeight - this.viewportHeight;
    return undefined;
  }
}
