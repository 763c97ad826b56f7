import { afterEach } from 'vitest';
import type { SyncStatusPayload } from '../../../src-shared/ipc/channels';
import type { IpcResult } from '../../../src-shared/ipc/contract';
import { type AppConfig, createApp } from '../../../src-main/app/create-app';
import type { LocalMarketplace } from '../../../src-main/environments/environment-manager';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { listenMarketplace, type ListeningMarketplace } from '../../../src-main/local-marketplace/listen';
import { temporaryDir } from '../../support/temporary-dir';

/** Something the app talks to instead of the marketplace (a proxy that loses answers), given the marketplace. */
export type MarketplaceFront = (market: ListeningMarketplace) => Promise<LocalMarketplace>;

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };
/** The desktop app's window, whose preload alone may name a file on disk (`attachments:upload-file`). */
const desktop: Sender = { transport: 'electron', url: trusted.url };
const SYNC_DEADLINE_MS = 30_000;

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * An app over IPC against a real local marketplace on port 0, which the test can reach (to add
 * orders). Logs go to `<dataDir>/logs/main.log`, as in the app, unless a logger is passed.
 */
export function appUnderTest(config: Partial<Pick<AppConfig, 'secretStore' | 'keychain' | 'logger' | 'outbox' | 'dataDir' | 'attachmentCacheBytes' | 'noticeSpacingMs'>> & { front?: MarketplaceFront } = {}) {
  const { front, ...appConfig } = config;
  const dataDir = config.dataDir ?? temporaryDir();
  let market: Promise<ListeningMarketplace> | undefined;
  const app = createApp({
    dataDir,
    host: 'web',
    ...appConfig,
    startLocalMarketplace: () => {
      market ??= listenMarketplace({ port: 0, db: ':memory:' });
      return front ? market.then(front) : market;
    },
  });
  cleanups.push(async () => {
    await app.close();
  });
  const dispatch = createDispatcher({ handlers: app.handlers, logger: app.logger, isTrustedSender: (sender) => sender.url === trusted.url });
  const progress: SyncStatusPayload[] = [];
  app.events.subscribe((event, payload) => {
    if (event === 'sync:progress') progress.push(payload as SyncStatusPayload);
  });
  /** Calls a channel and answers its value, failing the test on an error answer. */
  async function call<T = unknown>(channel: string, input?: unknown): Promise<T> {
    const result = await dispatch(channel, input, trusted);
    if (!result.ok) throw new Error(`${channel} answered ${result.error.code}: ${result.error.message}`);
    return result.value as T;
  }
  const invoke = (channel: string, input?: unknown): Promise<IpcResult> => dispatch(channel, input, trusted);
  /** A file attached from disk, as the desktop's preload hands it to main. */
  const uploadFile = (input: { workOrderId: number; path: string; folderId?: number; notes?: string }): Promise<IpcResult> => dispatch('attachments:upload-file', input, desktop);
  /** The same, failing the test on an error answer. */
  async function upload(input: { workOrderId: number; path: string; folderId?: number; notes?: string }): Promise<{ entryId: string }> {
    const result = await uploadFile(input);
    if (!result.ok) throw new Error(`attachments:upload-file answered ${result.error.code}: ${result.error.message}`);
    return result.value as { entryId: string };
  }
  /** The marketplace the app started (the app closes it). */
  const marketplace = async (): Promise<ListeningMarketplace> => {
    if (!market) throw new Error('the app has not started its local marketplace');
    return market;
  };
  return { app, dataDir, call, invoke, uploadFile, upload, progress, marketplace };
}

/** Waits for the `count`-th pull to end, as a window would: by `sync:progress` events, not by a sleep. */
export async function untilPulls(progress: SyncStatusPayload[], count = 1): Promise<SyncStatusPayload> {
  const deadline = Date.now() + SYNC_DEADLINE_MS;
  for (;;) {
    const failed = progress.find((status) => status.state === 'error');
    if (failed) throw new Error(`the pull failed: ${failed.lastError?.code} ${failed.lastError?.message}`);
    const ended = progress.filter((status, index) => status.state === 'idle' && progress[index - 1]?.state === 'syncing');
    if (ended.length >= count) return ended[count - 1] as SyncStatusPayload;
    if (Date.now() > deadline) throw new Error('the pull did not end in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Waits for the first `sync:progress` event that matches, polling with the same deadline. */
export async function untilProgress(progress: SyncStatusPayload[], matches: (status: SyncStatusPayload) => boolean): Promise<SyncStatusPayload> {
  const deadline = Date.now() + SYNC_DEADLINE_MS;
  for (;;) {
    const found = progress.find(matches);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such sync:progress event in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
