/**
 * Runs `work` once the page is idle, at the latest after `timeoutMs`; answers what cancels it. For
 * what the first screen does not need (the other screens' chunks): fetched and compiled after the
 * first paint, before anyone asks for it. A DOM without idle callbacks (a test's) runs it after the
 * current task.
 */
export function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(work, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
