/**
 * How many cached orders a benchmark measures over: `BENCH_ORDERS` (one number, or several
 * separated by commas: `BENCH_ORDERS=100000,1000000`), else the benchmark's own sizes. Each size is
 * measured in the same run, so the figures print side by side with their ratio to the first.
 */
export function benchOrders(defaults: readonly number[]): number[] {
  const setting = process.env.BENCH_ORDERS?.trim();
  if (!setting) return [...defaults];
  const sizes = setting.split(',').map((part) => Number(part.replace(/[_\s]/g, '')));
  if (sizes.some((size) => !Number.isInteger(size) || size < 1)) throw new Error(`BENCH_ORDERS must be whole numbers separated by commas, not "${setting}"`);
  return sizes;
}

/** "100k", "1M": a size as a column heading. */
export const sizeLabel = (orders: number): string => (orders >= 1_000_000 ? `${orders / 1_000_000}M` : orders >= 1_000 ? `${orders / 1_000}k` : String(orders));
