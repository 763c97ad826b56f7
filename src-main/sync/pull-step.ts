/** What each part of a pull kept for a while (reference lists, the directory) is given. */
export interface PullStepOptions {
  /** What was pulled less than this long ago is not pulled again. */
  maxAgeMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Epoch ms. */
  now: () => number;
  signal: AbortSignal;
  onFetched: (done: number, total: number) => void;
}
