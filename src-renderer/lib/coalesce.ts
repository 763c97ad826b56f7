/** A frame: events main sends in one burst (a write announces the orders and the outbox) fall in one. */
const BURST_MS = 16;

/**
 * Runs `run` once for a burst of calls, and never two at a time: calls while a run is under way
 * make one more run after it, at least `gap` after the last began (the last run's own length ×4,
 * so a costly read, say 5,000 outbox entries while an import drains, is not repeated back to back).
 */
export function coalesced(run: () => Promise<void>, { maxGapMs = 1_000 }: { maxGapMs?: number } = {}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  let gapMs = BURST_MS;

  const fire = async () => {
    timer = undefined;
    running = true;
    const started = performance.now();
    try {
      await run();
    } catch {
      // The runner says what failed; the next change tries again.
    } finally {
      running = false;
      gapMs = Math.min(maxGapMs, Math.max(BURST_MS, (performance.now() - started) * 4));
      if (again) {
        again = false;
        timer = setTimeout(() => void fire(), gapMs);
      }
    }
  };

  return () => {
    if (running) again = true;
    else timer ??= setTimeout(() => void fire(), BURST_MS);
  };
}
