import type { IpcResult } from '../../../src-shared/ipc/contract';
import { createApp } from '../../../src-main/app/create-app';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { cacheFilePath } from '../../../src-main/environments/environment-manager';
import { EnvironmentSettingsStore } from '../../../src-main/environments/environment-settings';
import { createDispatcher, type Sender } from '../../../src-main/ipc/dispatcher';
import { createMemoryLogger } from '../../../src-main/platform/logger';
import { MemorySecretStore } from '../../../src-main/platform/memory-secret-store';
import { temporaryDir } from '../../support/temporary-dir';

const trusted: Sender = { transport: 'web', url: 'http://127.0.0.1:1' };

/**
 * The app in browser mode over a sandbox cache that `seed` filled before the app opened it, and a
 * dispatch as a trusted page calls it: a read channel tested through the contract, with no sync.
 */
export function appOverCache(seed: (db: CacheDatabase) => void): { app: ReturnType<typeof createApp>; dispatch: (channel: string, input?: unknown) => Promise<IpcResult> } {
  const dataDir = temporaryDir();
  new EnvironmentSettingsStore(dataDir, createMemoryLogger()).setActive('sandbox');
  const db = openCache(cacheFilePath(dataDir, 'sandbox'));
  seed(db);
  db.close();
  const logger = createMemoryLogger();
  const app = createApp({ dataDir, host: 'web', logger, secretStore: new MemorySecretStore() });
  const dispatcher = createDispatcher({ handlers: app.handlers, logger, isTrustedSender: (sender) => sender.url === trusted.url });
  return { app, dispatch: (channel, input) => dispatcher(channel, input, trusted) };
}
