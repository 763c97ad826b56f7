import type { EnvironmentId, EnvironmentSummary } from '../../src-shared/ipc/channels';
import { EnvironmentManager, type LocalMarketplace } from '../environments/environment-manager';
import type { Logger } from '../platform/logger';
import { openSecretStore, type OpenSecretStoreOptions } from '../platform/secret-store-factory';
import type { SecretStore } from '../platform/secret-store';
import type { EventHub } from './event-hub';
import { Workspace } from './workspace';

export interface AppServicesOptions {
  dataDir: string;
  logger: Logger;
  events: EventHub;
  /** Opened from the keychain on first need when absent; one handed in is taken as the keychain. */
  secretStore?: SecretStore;
  /** How to open the keychain when no store is handed in (tests make it fail to reach the fallback). */
  keychain?: OpenSecretStoreOptions;
  startLocalMarketplace: () => Promise<LocalMarketplace>;
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

  constructor(private readonly options: AppServicesOptions) {}

  environments(): Promise<EnvironmentManager> {
    this.#manager ??= this.#openManager();
    return this.#manager;
  }

  /** Opens the environments (and so the keychain) if nothing did yet. */
  async keychain(): Promise<KeychainStatus> {
    await this.environments();
    return this.#keychain;
  }

  /** The active environment's workspace, rebuilt when the active environment changed. */
  async workspace(): Promise<Workspace> {
    const manager = await this.environments();
    const active = manager.active();
    if (this.#workspace?.environment !== active) {
      const previous = this.#workspace;
      this.#workspace = new Workspace({ environment: active, manager, events: this.options.events, logger: this.options.logger });
      await previous?.close();
    }
    return this.#workspace;
  }

  async select(id: EnvironmentId): Promise<void> {
    const manager = await this.environments();
    if (manager.active() === id) return;
    manager.select(id);
    const previous = this.#workspace;
    this.#workspace = undefined;
    await previous?.close();
    // Every list on screen showed the other environment's orders.
    this.options.events.emit('workorders:did-change', { all: true });
  }

  /** After new credentials or addresses: the environment's next request signs in afresh. */
  async reconnect(id: EnvironmentId): Promise<void> {
    if (this.#workspace?.environment === id) await this.#workspace.disconnect();
  }

  /** The list without secrets, also pushed as `environments:did-change` so every window agrees. */
  async announceEnvironments(): Promise<EnvironmentSummary[]> {
    const list = await (await this.environments()).list();
    this.options.events.emit('environments:did-change', list);
    return list;
  }

  async close(): Promise<void> {
    const workspace = this.#workspace;
    this.#workspace = undefined;
    await workspace?.close();
    const manager = await this.#manager?.catch(() => undefined);
    await manager?.close();
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
