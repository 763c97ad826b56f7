import { setMaxListeners } from 'node:events';
import { AppError, type ErrorCode } from '../../src-shared/errors';

export type LifecycleState = 'open' | 'closing' | 'closed';

/**
 * What a closable owner (a workspace) needs to close without racing its own work: every call and
 * background task it starts is tracked, a call that arrives once closing has begun is refused with
 * the owner's code (ENVIRONMENT_SWITCHED for a workspace), and `close` returns only when every
 * tracked task has settled. A call that fails once closing began answers that code too, never the
 * abort or closed-database error it met on the way.
 */
export class Lifecycle {
  #state: LifecycleState = 'open';
  readonly #tasks = new Set<Promise<unknown>>();
  readonly #stopping = new AbortController();
  #closed: Promise<void> | undefined;

  constructor(private readonly refusal: ErrorCode = 'ENVIRONMENT_SWITCHED') {
    // Every request in flight listens to this one signal; dozens at once are normal, not a leak.
    setMaxListeners(0, this.#stopping.signal);
  }

  get state(): LifecycleState {
    return this.#state;
  }

  get isOpen(): boolean {
    return this.#state === 'open';
  }

  /** Aborted when closing begins: requests the owner started end at once instead of being waited for. */
  get signal(): AbortSignal {
    return this.#stopping.signal;
  }

  assertOpen(): void {
    if (this.#state !== 'open') throw new AppError(this.refusal);
  }

  /** Runs a call on behalf of a caller: refused once closing, awaited by `close`. */
  async run<T>(call: () => T | Promise<T>): Promise<T> {
    this.assertOpen();
    return this.#settledAs(this.track(Promise.resolve().then(call)));
  }

  /** Keeps a background task (a pull, a send) that nobody awaits, so `close` waits for it. */
  track<T>(task: Promise<T>): Promise<T> {
    this.#tasks.add(task);
    const forget = () => this.#tasks.delete(task);
    task.then(forget, forget);
    return task;
  }

  /**
   * Begins closing (idempotent): aborts `signal`, runs `stop` once so the owner can cancel what it
   * runs, waits for every tracked task, including ones tracked while waiting, then runs `release`.
   */
  close(stop: () => void | Promise<void>, release: () => void | Promise<void>): Promise<void> {
    this.#closed ??= (async () => {
      this.#state = 'closing';
      this.#stopping.abort();
      await stop();
      while (this.#tasks.size > 0) await Promise.allSettled([...this.#tasks]);
      await release();
      this.#state = 'closed';
    })();
    return this.#closed;
  }

  async #settledAs<T>(task: Promise<T>): Promise<T> {
    try {
      return await task;
    } catch (error) {
      // Whatever a closing owner's call met (an abort, a closed database), the caller's answer is why it closed.
      if (this.#state !== 'open' && !(error instanceof AppError && error.code === this.refusal)) throw new AppError(this.refusal);
      throw error;
    }
  }
}
