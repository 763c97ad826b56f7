/**
 * Runs `task` over `items` with at most `limit` in flight, in order of start. The first failure
 * stops new starts and aborts the tasks in flight (through the signal each task gets); it is
 * rethrown once every started task has settled, so no task writes after the caller moved on.
 */
export async function forEachConcurrently<Item>(
  items: readonly Item[],
  limit: number,
  signal: AbortSignal,
  task: (item: Item, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  signal.throwIfAborted();
  const controller = new AbortController();
  const abortAll = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abortAll, { once: true });
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (failure === undefined && !controller.signal.aborted && next < items.length) {
      const item = items[next] as Item;
      next += 1;
      try {
        await task(item, controller.signal);
      } catch (error) {
        if (failure === undefined) failure = { error };
        controller.abort();
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
  } finally {
    signal.removeEventListener('abort', abortAll);
  }
  if (failure !== undefined) throw failure.error;
  signal.throwIfAborted();
}
