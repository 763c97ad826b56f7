import type { Figure } from './insights-figures';

/** What a band scale answers (d3's scaleBand, as LayerChart builds it for the category axis). */
export interface BandScale {
  (category: string): number | undefined;
  bandwidth(): number;
}
/** The value axis: a number to pixels. */
export type ValueScale = (value: number) => number;

export interface BarRect {
  seriesKey: string;
  color: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Radii [top-left, top-right, bottom-right, bottom-left]: only a bar's (or a stack's) outer end is rounded. */
  corners: [number, number, number, number];
}

export const BAR_RADIUS = 4;

/**
 * Every bar of a figure in pixels, the way LayerChart's BarChart lays them out (series stacked in
 * order from the axis, or side by side in the category's band), computed in one pass so a chart of
 * hundreds of bars draws as one canvas mark instead of a component per bar: a year of weekly
 * stacks is 400-odd bars, and the per-bar components were most of the Insights screen's time.
 */
export function figureBars(figure: Pick<Figure, 'rows' | 'series' | 'layout' | 'orientation'>, band: BandScale, value: ValueScale): BarRect[] {
  const horizontal = figure.orientation === 'horizontal';
  const stacked = figure.layout === 'stack' || figure.series.length === 1;
  const bandwidth = band.bandwidth();
  const slot = stacked ? bandwidth : bandwidth / Math.max(1, figure.series.length);
  const zero = value(0);
  const outer = horizontal ? ([0, BAR_RADIUS, BAR_RADIUS, 0] as const) : ([BAR_RADIUS, BAR_RADIUS, 0, 0] as const);
  const bars: BarRect[] = [];
  for (const row of figure.rows) {
    const start = band(String(row.label));
    if (start === undefined) continue;
    let base = 0;
    let top: BarRect | undefined;
    figure.series.forEach((series, index) => {
      const amount = Number(row[series.key] ?? 0);
      if (!Number.isFinite(amount) || amount <= 0) return;
      const from = stacked ? value(base) : zero;
      const to = value(stacked ? base + amount : amount);
      if (stacked) base += amount;
      const across = start + (stacked ? 0 : index * slot);
      const bar: BarRect = horizontal
        ? { seriesKey: series.key, color: series.color, x: Math.min(from, to), y: across, width: Math.abs(to - from), height: slot, corners: [0, 0, 0, 0] }
        : { seriesKey: series.key, color: series.color, x: across, y: Math.min(from, to), width: slot, height: Math.abs(to - from), corners: [0, 0, 0, 0] };
      bars.push(bar);
      if (stacked) top = bar;
      else bar.corners = [...outer];
    });
    if (top) top.corners = [...outer];
  }
  return bars;
}
