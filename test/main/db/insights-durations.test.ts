import { describe, expect, it } from 'vitest';
import { durationRows } from '../../../src-main/db/insights-durations';

const HOUR = 3_600_000;
const noName = () => null;

describe('duration percentiles', () => {
  it('take the nearest rank, ceil(p × n), of each group’s spans, for every group size', () => {
    for (let count = 1; count <= 21; count += 1) {
      // 1 to n hours, largest first: the sort is the function's.
      const hours = Array.from({ length: count }, (_unused, index) => count - index);
      const [row] = durationRows(hours.map((hour) => [4, 501, hour * HOUR, null]), 'dispatch', 'type', noName);
      expect(row).toEqual({ id: 4, name: null, count, medianSeconds: Math.ceil(count / 2) * 3600, p90Seconds: Math.ceil(0.9 * count - 1e-9) * 3600 });
    }
  });

  it('leave out missing and negative spans, group by the key asked for, most first and no key first among equals', () => {
    const rows: [number | null, number | null, number | null, number | null][] = [
      [4, 501, 2 * HOUR, 5 * HOUR],
      [4, 502, null, 3 * HOUR],
      [null, 502, 1 * HOUR, -HOUR],
      [7, 501, -HOUR, 4 * HOUR],
      [7, null, 3 * HOUR, null],
    ];
    const names = (id: number | null) => (id === null ? null : `#${id}`);
    expect(durationRows(rows, 'dispatch', 'type', names).map((row) => [row.id, row.count, row.medianSeconds / 3600])).toEqual([
      [null, 1, 1],
      [4, 1, 2],
      [7, 1, 3],
    ]);
    expect(durationRows(rows, 'workDone', 'client', names).map((row) => [row.id, row.name, row.count, row.medianSeconds / 3600, row.p90Seconds / 3600])).toEqual([
      [501, '#501', 2, 4, 5],
      [502, '#502', 1, 3, 3],
    ]);
  });
});
