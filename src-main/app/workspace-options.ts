import type { CacheDatabase } from '../db/database';
import type { EnvironmentId } from '../../src-shared/ipc/channels';
import type { HttpTransportOptions } from '../api-client/http-transport';
import type { EnvironmentManager } from '../environments/environment-manager';
import type { Connectivity } from '../outbox/connectivity';
import type { FileStaging } from '../outbox/operation';
import type { BackoffOptions } from '../outbox/retry-policy';
import type { Logger } from '../platform/logger';
import type { EventHub } from './event-hub';

/** How the outbox behaves: the app's defaults, or short delays in tests. */
export interface OutboxSettings {
  staging?: FileStaging;
  connectivity: Connectivity;
  /** The undo window of assign, approve and cancel (a setting). */
  undoMs: () => number;
  concurrency?: number;
  backoff?: BackoffOptions;
  /** The client's timeouts (the app's defaults unless a test shortens them). */
  http?: ClientTimeouts;
}

export type ClientTimeouts = Pick<HttpTransportOptions, 'connectTimeoutMs' | 'headersTimeoutMs' | 'bodyTimeoutMs'>;

export interface WorkspaceOptions {
  environment: EnvironmentId;
  /** The environment's cache, opened and migrated: the workspace closes it. */
  db: CacheDatabase;
  manager: EnvironmentManager;
  events: EventHub;
  logger: Logger;
  outbox: OutboxSettings;
}
