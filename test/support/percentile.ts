/** The value at `fraction` (0.95 for p95) of values already sorted ascending: the nearest rank, never interpolated. */
export function percentileOfSorted(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** The same, of values in any order. */
export function percentile(values: readonly number[], fraction: number): number {
  return percentileOfSorted([...values].sort((left, right) => left - right), fraction);
}
