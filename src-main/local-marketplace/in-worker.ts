import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ListenOptions, MarketplaceConfig } from './listen';
import type { ParentMessage, WorkerMessage, WorkerStartData } from './worker';

/** The worker entry's name in the build (electron.vite.config.ts). */
const WORKER_FILE = 'marketplace-worker.js';
const START_TIMEOUT_MS = 20_000;
/** A close that hangs (a stuck request) must not keep the app from quitting. */
const CLOSE_TIMEOUT_MS = 5_000;

export interface WorkerMarketplace extends MarketplaceConfig {
  /** Closes the server and the database, then ends the thread. */
  close(): Promise<void>;
}

export interface WorkerStartOptions {
  /** The built worker script; found beside the running bundle when absent (tests build one). */
  workerFile?: string;
  /** Where the marketplace appends its log lines; stderr when absent. */
  logDir?: string;
  /** Called once if the thread dies on its own after it started. */
  onCrash?: (error: Error) => void;
}

/**
 * The built app has `marketplace-worker.js` beside its bundle (or one folder up, when this code
 * sits in a shared chunk). A worker thread cannot load `.ts`, so code running from the sources
 * (tests) passes a bundled `workerFile` (test/support/build-from-sources.ts).
 */
function locateWorkerScript(): string {
  for (const folder of [__dirname, dirname(__dirname)]) {
    const file = join(folder, WORKER_FILE);
    if (existsSync(file)) return file;
  }
  throw new Error(`${WORKER_FILE} is missing beside ${__dirname}: build the app (npm run build)`);
}

/** Runs the local marketplace in a worker thread on 127.0.0.1; resolves once it listens. */
export async function startMarketplaceInWorker(options: ListenOptions = {}, { workerFile, logDir, onCrash }: WorkerStartOptions = {}): Promise<WorkerMarketplace> {
  const worker = new Worker(workerFile ?? locateWorkerScript(), { workerData: { options, logDir } satisfies WorkerStartData });
  let started = false;
  let closing = false;
  let lastError: Error | undefined;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));

  return new Promise<WorkerMarketplace>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The local marketplace did not start within ${START_TIMEOUT_MS / 1000} s`));
      void worker.terminate();
    }, START_TIMEOUT_MS);

    // Without an 'error' listener a crash in the thread would throw in this one.
    worker.on('error', (error) => {
      lastError = error;
    });
    void exited.then((code) => {
      clearTimeout(timer);
      const error = lastError ?? new Error(`The local marketplace thread stopped (exit code ${code})`);
      if (!started) reject(error);
      else if (!closing) onCrash?.(error);
    });

    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'failed') {
        lastError = new Error(message.message);
        return;
      }
      clearTimeout(timer);
      started = true;
      resolve({
        ...message.config,
        async close() {
          if (!closing) {
            closing = true;
            worker.postMessage({ type: 'close' } satisfies ParentMessage);
          }
          const deadline = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
          await exited;
          clearTimeout(deadline);
        },
      });
    });
  });
}
