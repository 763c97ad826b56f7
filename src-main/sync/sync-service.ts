import { AppError, type ErrorBody } from '../../src-shared/errors';
import { pullAll, type PullDependencies, type PullOptions, type PullSummary, type SyncProgress } from './pull';

export interface SyncStatus {
  state: 'idle' | 'syncing' | 'error' | 'paused';
  /** Epoch ms of the last pull that finished; null before the first. */
  lastSyncedAt: number | null;
  lastError?: ErrorBody;
  progress: SyncProgress | null;
}

export type SyncStatusListener = (status: SyncStatus) => void;

export interface SyncServiceDependencies extends PullDependencies {
  now: () => number;
  /** True while the coordinator works offline: no pull starts, the status says `paused`. */
  paused?: () => boolean;
}

const errorBody = (error: unknown): ErrorBody => (error instanceof AppError ? error.toBody() : new AppError('INTERNAL').toBody());

/**
 * Keeps the cache fresh: a pull at sign-in and on demand (`syncNow`), and on a timer (`start`).
 * One pull at a time: asking while one runs joins it. Listeners hear every status change, progress
 * included, which the IPC layer forwards as `sync:progress`.
 */
export class SyncService {
  #status: SyncStatus = { state: 'idle', lastSyncedAt: null, progress: null };
  #running: Promise<PullSummary> | undefined;
  #controller: AbortController | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #listeners = new Set<SyncStatusListener>();

  constructor(
    private readonly deps: SyncServiceDependencies,
    private readonly options: Omit<PullOptions, 'signal' | 'onProgress'> = {},
  ) {}

  get status(): SyncStatus {
    return this.#status;
  }

  /** Answers a function that removes the listener. */
  onChange(listener: SyncStatusListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Pulls now, or joins the pull under way; while paused, says so instead (SYNC_PAUSED is not a failure). */
  syncNow(): Promise<PullSummary> {
    if (this.deps.paused?.()) {
      this.#pause();
      return Promise.reject(new AppError('WORKING_OFFLINE'));
    }
    this.#running ??= this.#pull().finally(() => {
      this.#running = undefined;
      this.#controller = undefined;
    });
    return this.#running;
  }

  /** Pulls every `intervalMs` (again: a new interval replaces the last, a pull under way goes on); the timer never keeps the process alive on its own. */
  start(intervalMs: number): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = setInterval(() => {
      // The status carries the failure; nobody awaits a timed pull.
      this.syncNow().catch(() => undefined);
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and cancels the pull under way, if any. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.cancel();
  }

  /**
   * The coordinator started or stopped working offline: a pull under way stops and the status says
   * `paused`; back online, the pull the pause held back runs now.
   */
  pausedChanged(): void {
    if (this.deps.paused?.()) {
      this.cancel();
      this.#pause();
    } else if (this.#status.state === 'paused') {
      this.syncNow().catch(() => undefined);
    }
  }

  #pause(): void {
    if (this.#status.state !== 'paused') this.#update({ state: 'paused', lastSyncedAt: this.#status.lastSyncedAt, progress: null });
  }

  /** Cancels the pull under way: it rejects with SYNC_CANCELLED, keeping what it wrote. */
  cancel(): void {
    this.#controller?.abort();
  }

  /** Settles when no pull runs, without starting one: a timed pull is nobody's promise, yet a closing owner must wait for it. */
  async idle(): Promise<void> {
    await this.#running?.catch(() => undefined);
  }

  async #pull(): Promise<PullSummary> {
    const controller = new AbortController();
    this.#controller = controller;
    this.#update({ state: 'syncing', lastSyncedAt: this.#status.lastSyncedAt, progress: null });
    try {
      const summary = await pullAll(this.deps, {
        ...this.options,
        signal: controller.signal,
        onProgress: (progress) => this.#update({ ...this.#status, progress }),
      });
      this.#update({ state: 'idle', lastSyncedAt: this.deps.now(), progress: this.#status.progress });
      return summary;
    } catch (error) {
      // Cut short by the switch to working offline: paused, not failed.
      if (this.deps.paused?.()) this.#pause();
      else this.#update({ state: 'error', lastSyncedAt: this.#status.lastSyncedAt, lastError: errorBody(error), progress: this.#status.progress });
      throw error;
    }
  }

  #update(status: SyncStatus): void {
    this.#status = status;
    for (const listener of this.#listeners) listener(status);
  }
}
