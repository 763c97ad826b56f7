const DEADLINE_MS = 30_000;

/**
 * Polls `read` until `done` holds, with a deadline: no sleeps. `intervalMs` between reads: a poll of
 * another process over HTTP (an e2e test asking the marketplace) must not crowd out the app it waits on.
 */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, deadlineMs = DEADLINE_MS, intervalMs = 5): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time; last: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
