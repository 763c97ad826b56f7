/**
 * The app as its own process, for the crash test: bundled to CommonJS by the test, started with
 * `fork`, driven over the fork's IPC channel and killed with SIGKILL. It calls the same dispatcher
 * a window does; the test only ever sees IPC answers and the files the app leaves behind.
 *
 * The "local" environment is the standalone marketplace the test runs in a process of its own:
 * the app starts a local marketplace through `startLocalMarketplace`, and this one answers with the
 * running one's addresses instead (and never stops it). Its demo credentials go into a memory
 * store at each launch, as the app does for the local environment, so a restarted app resumes its
 * outbox without anyone signing in, and no keychain is needed in a child process.
 */
import { createApp } from '../../../../src-main/app/create-app';
import { createDispatcher, type Sender } from '../../../../src-main/ipc/dispatcher';
import type { MarketplaceConfig } from '../../../../src-main/local-marketplace/listen';
import { MemorySecretStore } from '../../../../src-main/platform/memory-secret-store';

/** What the parent sends: one channel call, answered with the same `id`. */
export interface CallMessage {
  id: number;
  channel: string;
  input?: unknown;
}

/** What the child sends: `ready` once, call answers, and the outbox's counts as they change. */
export type ChildMessage =
  | { type: 'ready' }
  | { type: 'answer'; id: number; result: unknown }
  | { type: 'outbox'; pending: number; refused: number };

export interface AppProcessConfig {
  dataDir: string;
  market: MarketplaceConfig;
}

const config = JSON.parse(process.env.CRASH_APP_CONFIG ?? '') as AppProcessConfig;
const { market } = config;
// The desktop app's window: its preload may hand main a file on disk.
const sender: Sender = { transport: 'electron', url: 'http://127.0.0.1:1' };

const app = createApp({
  dataDir: config.dataDir,
  host: 'web',
  secretStore: new MemorySecretStore(),
  // Short delays: a test cannot wait out the app's backoff of seconds to minutes.
  outbox: { backoff: { baseMs: 5, maxMs: 50 }, probeMs: 10, concurrency: 4 },
  startLocalMarketplace: async () => ({
    baseUrl: market.baseUrl,
    authUrl: market.authUrl,
    webhookUrl: market.webhookUrl,
    credentials: market.credentials,
    close: async () => undefined,
  }),
});
const dispatch = createDispatcher({ handlers: app.handlers, logger: app.logger, isTrustedSender: (candidate) => candidate.url === sender.url });

const send = (message: ChildMessage) => process.send?.(message);

app.events.subscribe((event, payload) => {
  if (event === 'outbox:changed') send({ type: 'outbox', ...(payload as { pending: number; refused: number }) });
});

process.on('message', (message: CallMessage) => {
  void dispatch(message.channel, message.input, sender).then((result) => send({ type: 'answer', id: message.id, result }));
});

// The parent ends a round with SIGKILL; a disconnect means the test itself went away.
process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});

send({ type: 'ready' });
