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

/**
 * Runs the tasks side by side, each with a signal that also aborts when another fails: the first
 * failure is rethrown once every task has settled, so none is left running after the caller moved on.
 */
export async function allOrNone<Results extends readonly unknown[]>(
  signal: AbortSignal,
  tasks: { [Index in keyof Results]: (signal: AbortSignal) => Promise<Results[Index]> },
): Promise<Results> {
  signal.throwIfAborted();
  const controller = new AbortController();
  const abortAll = () => controller.abort(signal.reason);
  signal.addEventListener('abort', abortAll, { once: true });
  // The first to fail in time, not in order: the others then fail only because they were aborted.
  let failure: { error: unknown } | undefined;
  try {
    const settled = await Promise.allSettled(
      tasks.map((task) =>
        task(controller.signal).catch((error: unknown) => {
          failure ??= { error };
          controller.abort();
          throw error;
        }),
      ),
    );
    signal.throwIfAborted();
    if (failure) throw failure.error;
    return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as Results;
  } finally {
    signal.removeEventListener('abort', abortAll);
  }
}
