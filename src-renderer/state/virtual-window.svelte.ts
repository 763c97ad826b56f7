/**
 * The tallest box the list is given. Chromium stops an element at about 33.5 million pixels (a
 * million rows of 50 px are 50 million): the rows past it could not be scrolled to. Above this
 * height the scroll bar's range stands for the whole list in proportion (a pixel of scrolling is a
 * few pixels of rows), while the rows on screen are still drawn at their own height.
 */
export const MAX_SCROLL_HEIGHT = 15_000_000;

/**
 * Which rows of a fixed-height list are on screen. Layout maths only (Immich's virtual scroller
 * in miniature): the component feeds it the scroll offset and the viewport height, and renders
 * `start`..`end`, each at `topOf(index)`. Fixed heights make every answer O(1).
 */
export class VirtualWindow {
  scrollTop = $state(0);
  viewportHeight = $state(0);
  readonly rowHeight: number;
  readonly overscan: number;
  readonly #count: () => number;
  readonly #maxHeight: number;

  /** `count` is read, not copied: the rows stay owned by whoever holds them. */
  constructor(rowHeight: number, count: () => number, overscan = 8, maxHeight = MAX_SCROLL_HEIGHT) {
    this.rowHeight = rowHeight;
    this.#count = count;
    this.overscan = overscan;
    this.#maxHeight = maxHeight;
  }

  get count(): number {
    return this.#count();
  }

  /** Every row's height together: what the box would be without the cap. */
  get #listHeight(): number {
    return this.count * this.rowHeight;
  }

  // Getters, not $derived: the sums are cheaper than a derived's bookkeeping, and still reactive.
  get totalHeight(): number {
    return Math.min(this.#listHeight, this.#maxHeight);
  }

  /** How many pixels of rows one pixel of scrolling moves: 1 under the cap. */
  get #ratio(): number {
    const rows = this.#listHeight - this.viewportHeight;
    const box = this.totalHeight - this.viewportHeight;
    return rows > 0 && box > 0 ? rows / box : 1;
  }

  /** Where the viewport's top is along the rows (the scroll offset itself under the cap). */
  get #rowsTop(): number {
    return this.scrollTop * this.#ratio;
  }

  get start(): number {
    return Math.max(0, Math.floor(this.#rowsTop / this.rowHeight) - this.overscan);
  }

  get end(): number {
    return Math.min(this.count, Math.ceil((this.#rowsTop + this.viewportHeight) / this.rowHeight) + this.overscan);
  }

  /** Where row `index` is drawn in the box: at its own place under the cap, else beside the viewport. */
  topOf(index: number): number {
    return index * this.rowHeight - this.#rowsTop + this.scrollTop;
  }

  /** The scroll offset that brings row `index` fully into view, or undefined when it already is. */
  scrollTargetFor(index: number): number | undefined {
    const top = index * this.rowHeight;
    const rowsTop = this.#rowsTop;
    // Rounded toward the row: the box scrolls by whole pixels, and a pixel there is `ratio` of rows.
    if (top < rowsTop) return Math.floor(top / this.#ratio);
    if (top + this.rowHeight > rowsTop + this.viewportHeight) return Math.ceil((top + this.rowHeight - this.viewportHeight) / this.#ratio);
    return undefined;
  }
}
