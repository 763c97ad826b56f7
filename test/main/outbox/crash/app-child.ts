import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import type { IpcResult } from '../../../../src-shared/ipc/contract';
import type { MarketplaceConfig } from '../../../../src-main/local-marketplace/listen';
import type { AppProcessConfig, CallMessage, ChildMessage } from './app-process';

const START_DEADLINE_MS = 30_000;

/** The call was on its way when the process died: it may or may not have happened. */
export class ProcessGone extends Error {
  constructor() {
    super('the app process is gone');
  }
}

/**
 * The parent's handle on one app process: calls over the fork's IPC channel, the outbox counts it
 * reports, and SIGKILL. Calls still unanswered when it dies reject with ProcessGone.
 */
export class AppChild {
  readonly exited: Promise<void>;
  /** Every `outbox:changed` the app reported, oldest first. */
  readonly outboxEvents: { pending: number; refused: number }[] = [];
  readonly #child: ChildProcess;
  readonly #waiting = new Map<number, { resolve: (result: IpcResult) => void; reject: (error: Error) => void }>();
  readonly #onEvent = new Set<() => void>();
  #nextId = 1;
  #gone = false;
  #stderr = '';

  private constructor(bundle: string, config: AppProcessConfig) {
    this.#child = fork(join(bundle, 'app-process.js'), [], {
      env: { ...process.env, CRASH_APP_CONFIG: JSON.stringify(config) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.#child.stderr?.on('data', (chunk: Buffer) => {
      this.#stderr = (this.#stderr + chunk.toString()).slice(-4000);
    });
    this.exited = new Promise((resolve) => {
      this.#child.once('exit', () => {
        this.#gone = true;
        for (const { reject } of this.#waiting.values()) reject(new ProcessGone());
        this.#waiting.clear();
        for (const listener of this.#onEvent) listener();
        resolve();
      });
    });
    this.#child.on('message', (message: ChildMessage) => {
      if (message.type === 'answer') {
        this.#waiting.get(message.id)?.resolve(message.result as IpcResult);
        this.#waiting.delete(message.id);
      } else if (message.type === 'outbox') {
        this.outboxEvents.push({ pending: message.pending, refused: message.refused });
      }
      for (const listener of this.#onEvent) listener();
    });
  }

  /** Starts the app and waits for it to say it is ready (its dispatcher listens). */
  static async start(bundle: string, dataDir: string, market: MarketplaceConfig): Promise<AppChild> {
    const child = new AppChild(bundle, { dataDir, market });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the app process did not start in time')), START_DEADLINE_MS);
      const onReady = (message: ChildMessage) => {
        if (message.type !== 'ready') return;
        clearTimeout(timer);
        resolve();
      };
      child.#child.on('message', onReady);
      void child.exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the app process exited before it was ready:\n${child.#stderr}`));
      });
    });
    return child;
  }

  get gone(): boolean {
    return this.#gone;
  }

  get stderr(): string {
    return this.#stderr;
  }

  invoke(channel: string, input?: unknown): Promise<IpcResult> {
    if (this.#gone) return Promise.reject(new ProcessGone());
    const id = this.#nextId++;
    const message: CallMessage = { id, channel, input };
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#child.send(message, (error) => {
        if (error && this.#waiting.delete(id)) reject(this.#gone ? new ProcessGone() : error);
      });
    });
  }

  /** Calls a channel and answers its value; an error answer fails the test. */
  async call<T = unknown>(channel: string, input?: unknown): Promise<T> {
    const result = await this.invoke(channel, input);
    if (!result.ok) throw new Error(`${channel} answered ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  }

  /** Resolves when `done` holds after a message; rejects at the deadline, or with ProcessGone when the process dies first. */
  until(done: () => boolean, what: string, deadlineMs = START_DEADLINE_MS): Promise<void> {
    if (done()) return Promise.resolve();
    if (this.#gone) return Promise.reject(new ProcessGone());
    return new Promise((resolve, reject) => {
      const check = () => {
        const met = done();
        if (!met && !this.#gone) return;
        clearTimeout(timer);
        this.#onEvent.delete(check);
        if (met) resolve();
        else reject(new ProcessGone());
      };
      const timer = setTimeout(() => {
        this.#onEvent.delete(check);
        reject(new Error(`${what}: not reached in time`));
      }, deadlineMs);
      this.#onEvent.add(check);
    });
  }

  /** The crash: no handler runs, no transaction finishes, nothing is flushed. */
  async kill(): Promise<void> {
    if (!this.#gone) this.#child.kill('SIGKILL');
    await this.exited;
  }
}
