import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../platform/logger';
import { configOf, listenMarketplace, type ListeningMarketplace, type ListenOptions, type MarketplaceConfig } from './listen';

/** What `startMarketplaceInWorker` hands the thread. */
export interface WorkerStartData {
  options: ListenOptions;
  /** Where to append log lines; stderr when absent. */
  logDir?: string;
}

export type WorkerMessage = { type: 'ready'; config: MarketplaceConfig } | { type: 'failed'; message: string };
export type ParentMessage = { type: 'close' };

/**
 * The marketplace in its own thread: the app's default environment. SQLite calls are synchronous,
 * so in the app's main thread they would stall IPC and the UI's answers; here they stall nobody.
 */
async function run(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('marketplace-worker runs as a worker thread (startMarketplaceInWorker), not on its own');
  const { options, logDir } = workerData as WorkerStartData;
  const logger = createLogger({ logDir, level: 'warn', echo: !logDir });
  let listening: ListeningMarketplace;
  try {
    listening = await listenMarketplace(options, logger);
  } catch (error) {
    port.postMessage({ type: 'failed', message: (error as Error).message } satisfies WorkerMessage);
    port.close();
    return;
  }
  port.on('message', (message: ParentMessage) => {
    if (message.type !== 'close') return;
    // With the port closed nothing holds the thread, so it ends by itself and the parent sees 'exit'.
    void listening.close().finally(() => port.close());
  });
  port.postMessage({ type: 'ready', config: configOf(listening) } satisfies WorkerMessage);
}

void run();
