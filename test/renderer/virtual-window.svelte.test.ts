import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, VirtualWindow } from '../../src-renderer/state/virtual-window.svelte';

// A list taller than a browser lets a box be (a million rows of 50 px): the scroll bar's range stands
// for all of it, and every row, the last included, can be scrolled to and is drawn in view.

describe('VirtualWindow', () => {
  it('under the cap, puts each row at its own place and scrolls by its pixels', () => {
    const win = new VirtualWindow(50, () => 1_000);
    win.viewportHeight = 500;
    win.scrollTop = 1_000;
    expect(win.totalHeight).toBe(50_000);
    expect([win.start, win.end]).toEqual([12, 38]);
    expect(win.topOf(20)).toBe(1_000);
    expect(win.scrollTargetFor(100)).toBe(4_550);
    expect(win.scrollTargetFor(25)).toBeUndefined();
  });

  it('over the cap, keeps the box to it and still reaches the last of a million rows', () => {
    const count = 1_000_000;
    const win = new VirtualWindow(50, () => count);
    win.viewportHeight = 600;
    expect(win.totalHeight).toBe(MAX_SCROLL_HEIGHT);

    // The keyboard's End: the last row's scroll target is the end of the box, and it is drawn in view.
    const target = win.scrollTargetFor(count - 1) as number;
    expect(target).toBe(MAX_SCROLL_HEIGHT - 600);
    win.scrollTop = target;
    expect(win.end).toBe(count);
    const top = win.topOf(count - 1);
    expect(top).toBeGreaterThanOrEqual(target);
    expect(top + 50).toBeLessThanOrEqual(target + 600 + 1e-6);

    // Half way down the box is half way down the list; the rows in view are drawn in view, one under another.
    win.scrollTop = (MAX_SCROLL_HEIGHT - 600) / 2;
    const middle = Math.floor((count * 50 - 600) / 2 / 50);
    expect(win.start).toBeLessThanOrEqual(middle);
    expect(win.end).toBeGreaterThan(middle + 10);
    expect(win.topOf(middle + 1) - win.topOf(middle)).toBe(50);
    expect(win.topOf(middle)).toBeGreaterThan(win.scrollTop - 50);
    expect(win.topOf(middle)).toBeLessThan(win.scrollTop + 600);

    // A row picked by the keyboard anywhere is brought fully into view, after the box rounds to whole pixels.
    for (const index of [1, 123_457, 654_321, count - 2]) {
      win.scrollTop = 0;
      win.scrollTop = win.scrollTargetFor(index) ?? 0;
      expect(win.topOf(index)).toBeGreaterThanOrEqual(win.scrollTop);
      expect(win.topOf(index) + 50).toBeLessThanOrEqual(win.scrollTop + 600);
    }
  });
});
