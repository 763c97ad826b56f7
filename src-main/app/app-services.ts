import { AppError } from '../../src-shared/errors';
import { type EnvironmentId, EnvironmentIdSchema, type EnvironmentSummary } from '../../src-shared/ipc/channels';
import { cacheFilePath, EnvironmentManager, type LocalMarketplace } from '../environments/environment-manager';
import type { Logger } from '../platform/logger';
import { openSecretStore, type OpenSecretStoreOptions } from '../platform/secret-store-factory';
import type { SecretStore } from '../platform/secret-store';
import type { EventHub } from './event-hub';
import type { Connectivity } from '../outbox/connectivity';
import { hasOutboxEntries, stagedFileIds } from '../outbox/outbox-store';
import { EnvironmentSettingsStore } from '../environments/environment-settings';
import { type OutboxSettings, Workspace } from './workspace';
import { type CacheDatabase, openCacheInTurns } from '../db/database';
import type { MigrationProgress } from '../db/migrations/index';

export interface AppServicesOptions {
  dataDir: string;
  logger: Logger;
  events: EventHub;
  /** Opened from the keychain on first need when absent; one handed in is taken as the keychain. */
  secretStore?: SecretStore;
  /** How to open the keychain when no store is handed in (tests make it fail to reach the fallback). */
  keychain?: OpenSecretStoreOptions;
  startLocalMarketplace: () => Promise<LocalMarketplace>;
  /** How each workspace's outbox behaves; the connectivity (and its "Work offline" switch) outlives a switch of environment. */
  outbox: OutboxSettings;
}

/** Whether credentials outlive the session, and if not, why: for the renderer to say so. */
export interface KeychainStatus {
  persistent: boolean;
  reason?: string;
}

/**
 * The environments and the active one's workspace, both made on first need: starting the app asks
 * nothing of the keychain, the disk cache or the network until a channel needs them.
 */
export class AppServices {
  #manager: Promise<EnvironmentManager> | undefined;
  #keychain: KeychainStatus = { persistent: true };
  #workspace: Workspace | undefined;
  /** Workspaces being closed: a new one waits for them, so two never write the same cache file. */
  #retiring: Promise<unknown> = Promise.resolve();
  /** The active environment's cache being opened (a long migration runs in turns). */
  #opening: Promise<void> | undefined;
  #closing = false;

  constructor(private readonly options: AppServicesOptions) {}

  environments(): Promise<EnvironmentManager> {
    this.#manager ??= this.#openManager();
    return this.#manager;
  }

  /** Online, offline or working offline: one for the app, whichever environment is active. */
  get connectivity(): Connectivity {
    return this.options.outbox.connectivity;
  }

  /**
   * At launch: an outbox left with changes reconnects and drains by itself; nobody signs in again.
   * Looked up in the active cache file first, so an app with nothing waiting asks nothing of the
   * keychain or the network until a window does.
   */
  async resumeOutbox(): Promise<void> {
    const active = new EnvironmentSettingsStore(this.options.dataDir, this.options.logger).get().active;
    if (!hasOutboxEntries(cacheFilePath(this.options.dataDir, active))) return;
    await this.use((workspace) => workspace.resumeOutbox());
  }

  /**
   * Staged copies no waiting upload names go: at launch all of them (a crash between staging and
   * queueing, or after sending and before removing), on the timer those older than `olderThanMs`
   * (a page that staged a file and never queued it). Every environment's queue is read: they share
   * the folder.
   */
  async pruneStaging(options: { olderThanMs?: number } = {}): Promise<number> {
    const staging = this.options.outbox.staging;
    if (!staging?.prune) return 0;
    const keep = new Set(EnvironmentIdSchema.options.flatMap((id) => stagedFileIds(cacheFilePath(this.options.dataDir, id))));
    return staging.prune(keep, options);
  }

  /** Opens the environments (and so the keychain) if nothing did yet. */
  async keychain(): Promise<KeychainStatus> {
    await this.environments();
    return this.#keychain;
  }

  /**
   * Runs a call on the active environment's workspace. The workspace cannot close under the call:
   * a switch that begins meanwhile waits for it, and a call that meets a closing workspace answers
   * ENVIRONMENT_SWITCHED instead of touching a closed database.
   */
  async use<T>(call: (workspace: Workspace) => T | Promise<T>): Promise<T> {
    for (;;) {
      const workspace = await this.#current();
      // Retired between being found and being used: the call has not begun, so it goes to the new one.
      if (workspace.isOpen) return workspace.run(call);
    }
  }

  async select(id: EnvironmentId): Promise<void> {
    const manager = await this.environments();
    if (manager.active() === id) return;
    manager.select(id);
    this.#retire();
    await this.#retiring;
    // Every list on screen showed the other environment's orders.
    this.options.events.emit('workorders:did-change', { all: true });
  }

  /** After new credentials or addresses: the environment's next request signs in afresh. */
  async reconnect(id: EnvironmentId): Promise<void> {
    const workspace = this.#workspace;
    if (workspace?.environment === id) await workspace.disconnect();
  }

  /** The list without secrets, also pushed as `environments:did-change` so every window agrees. */
  async announceEnvironments(): Promise<EnvironmentSummary[]> {
    const list = await (await this.environments()).list();
    this.options.events.emit('environments:did-change', list);
    return list;
  }

  async close(): Promise<void> {
    this.#closing = true;
    this.options.outbox.connectivity.stop();
    await this.#opening?.catch(() => undefined);
    this.#retire();
    await this.#retiring;
    const manager = await this.#manager?.catch(() => undefined);
    await manager?.close();
  }

  /** The active environment's workspace, made after the previous one has closed. */
  async #current(): Promise<Workspace> {
    const manager = await this.environments();
    for (;;) {
      if (this.#closing) throw new AppError('APP_CLOSING');
      const retiring = this.#retiring;
      await retiring;
      // Another switch may have begun while this waited: wait for it too.
      if (retiring !== this.#retiring) continue;
      const active = manager.active();
      if (this.#workspace?.environment === active && this.#workspace.isOpen) return this.#workspace;
      if (this.#workspace) {
        this.#retire();
        continue;
      }
      // One opening at a time; when it is done the loop looks again (a switch may have come meanwhile).
      this.#opening ??= this.#open(manager, active).finally(() => {
        this.#opening = undefined;
      });
      await this.#opening;
    }
  }

  /**
   * Opens the environment's cache and makes its workspace. A migration rewriting every order runs
   * in batches and says how far it is (`cache:did-progress`), the app answering meanwhile.
   */
  async #open(manager: EnvironmentManager, active: EnvironmentId): Promise<void> {
    const { events, logger, outbox } = this.options;
    let reported: MigrationProgress | undefined;
    let db: CacheDatabase;
    try {
      db = await openCacheInTurns(
        manager.cacheFile(active),
        (progress) => {
          if (!reported) logger.info('cache: migrating', { label: progress.label, total: progress.total });
          reported = progress;
          events.emit('cache:did-progress', { ...progress, finished: false });
        },
        {
          // Quitting does not wait out a long migration: it is undone, and runs again at the next start.
          interrupt: () => {
            if (this.#closing) throw new AppError('APP_CLOSING');
          },
        },
      );
    } finally {
      if (reported) events.emit('cache:did-progress', { ...reported, finished: true });
    }
    if (this.#closing) {
      db.close();
      return;
    }
    try {
      this.#workspace = new Workspace({ environment: active, manager, db, events, logger, outbox });
    } catch (error) {
      db.close();
      throw error;
    }
  }

  #retire(): void {
    const workspace = this.#workspace;
    this.#workspace = undefined;
    if (workspace) this.#retiring = Promise.all([this.#retiring, workspace.close()]);
  }

  async #openManager(): Promise<EnvironmentManager> {
    const { dataDir, logger, startLocalMarketplace } = this.options;
    let secretStore = this.options.secretStore;
    if (!secretStore) {
      const opened = await openSecretStore(logger, this.options.keychain);
      secretStore = opened.store;
      this.#keychain = opened.persistent ? { persistent: true } : { persistent: false, reason: opened.reason };
    }
    return new EnvironmentManager({ dataDir, secretStore, logger, startLocalMarketplace });
  }
}
