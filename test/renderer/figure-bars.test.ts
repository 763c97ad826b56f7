import { describe, expect, it } from 'vitest';
import { BAR_RADIUS, figureBars, type BandScale } from '../../src-renderer/views/insights/figure-bars';
import { wrapLabel } from '../../src-renderer/views/insights/insights-figures';

/** A band of 20 px per category from 0, and values at 10 px each from 200 down (a vertical chart's y). */
function bands(categories: string[], width = 20): BandScale {
  const scale = ((category: string) => {
    const index = categories.indexOf(category);
    return index < 0 ? undefined : index * width;
  }) as BandScale;
  scale.bandwidth = () => width;
  return scale;
}
const upward = (value: number) => 200 - value * 10;
const rightward = (value: number) => 100 + value * 10;

const series = [
  { key: 'a', label: 'A', color: 'red' },
  { key: 'b', label: 'B', color: 'blue' },
];

describe('figureBars', () => {
  it('stacks series from the axis in order, rounding only the top of each stack', () => {
    const bars = figureBars({ rows: [{ label: 'w1', a: 2, b: 3 }, { label: 'w2', a: 4, b: 0 }], series, layout: 'stack', orientation: 'vertical' }, bands(['w1', 'w2']), upward);
    expect(bars).toEqual([
      { seriesKey: 'a', color: 'red', x: 0, y: 180, width: 20, height: 20, corners: [0, 0, 0, 0] },
      { seriesKey: 'b', color: 'blue', x: 0, y: 150, width: 20, height: 30, corners: [BAR_RADIUS, BAR_RADIUS, 0, 0] },
      // A zero draws nothing, so the stack's top is the last bar with a value.
      { seriesKey: 'a', color: 'red', x: 20, y: 160, width: 20, height: 40, corners: [BAR_RADIUS, BAR_RADIUS, 0, 0] },
    ]);
  });

  it('puts grouped series side by side in the band, each rounded at its end, horizontally', () => {
    const bars = figureBars({ rows: [{ label: 'CCTV', a: 1, b: 2 }], series, layout: 'group', orientation: 'horizontal' }, bands(['CCTV'], 40), rightward);
    expect(bars).toEqual([
      { seriesKey: 'a', color: 'red', x: 100, y: 0, width: 10, height: 20, corners: [0, BAR_RADIUS, BAR_RADIUS, 0] },
      { seriesKey: 'b', color: 'blue', x: 100, y: 20, width: 20, height: 20, corners: [0, BAR_RADIUS, BAR_RADIUS, 0] },
    ]);
  });

  it('leaves out rows whose category the scale does not hold, and values that are not positive numbers', () => {
    const bars = figureBars({ rows: [{ label: 'gone', a: 5 }, { label: 'w1', a: Number.NaN, b: -1 }], series, layout: 'stack', orientation: 'vertical' }, bands(['w1']), upward);
    expect(bars).toEqual([]);
  });
});

describe('wrapLabel', () => {
  it('breaks a long name at spaces into two lines that fit beside the bars, the second cut with an ellipsis', () => {
    expect(wrapLabel('Harborview Health System')).toBe('Harborview Health\nSystem');
    expect(wrapLabel('Provider did not show up - reschedule WO/update ETA')).toBe('Provider did not\nshow up…');
    expect(wrapLabel('CCTV')).toBe('CCTV');
  });
});
