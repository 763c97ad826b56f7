import { AppError } from '../../src-shared/errors';
import type { EnvironmentId, SignInState, SyncStatusPayload, WorkOrderDetail } from '../../src-shared/ipc/channels';
import { MarketplaceClient } from '../api-client/marketplace-client';
import { ClientRepository } from '../db/client-repository';
import { openCache, type CacheDatabase } from '../db/database';
import { DirectoryStateRepository } from '../db/directory-state-repository';
import { ReferenceDataRepository } from '../db/reference-data-repository';
import { SavedLocationRepository } from '../db/saved-location-repository';
import { TalentPoolRepository } from '../db/talent-pool-repository';
import { WorkOrderPartsRepository } from '../db/work-order-parts-repository';
import { WorkOrderRepository } from '../db/work-order-repository';
import type { EnvironmentManager } from '../environments/environment-manager';
import type { Logger } from '../platform/logger';
import { SyncCache } from '../sync/sync-cache';
import { SyncService, type SyncStatus } from '../sync/sync-service';
import type { WorkOrderPartsPullDependencies } from '../sync/work-order-parts-pull';
import { refreshWorkOrder } from '../sync/work-order-refresh';
import type { EventHub } from './event-hub';

/** The half of a workspace that talks to the marketplace: made on the first sign-in or sync only. */
export interface WorkspaceRemote {
  client: MarketplaceClient;
  sync: SyncService;
  /** Aborted on disconnect: ends the requests a pull does not own (refreshes of one order). */
  stopping: AbortController;
}

export interface WorkspaceOptions {
  environment: EnvironmentId;
  manager: EnvironmentManager;
  events: EventHub;
  logger: Logger;
}

/**
 * How often a connected workspace pulls on its own. Webhooks cannot reach a desktop app, so this is
 * how changes made elsewhere arrive; five minutes keeps lists current without crowding the service
 * (a quiet pull is a few list pages, and directory data only once an hour).
 */
export const SYNC_INTERVAL_MS = 5 * 60 * 1000;

const NEVER_SYNCED: SyncStatus = { state: 'idle', lastSyncedAt: null, progress: null };

/**
 * Everything of one environment: its cache and repositories, opened at once (reads need no
 * network), and its client and sync service, made on first need. Switching environment closes
 * the whole workspace, so no request of one environment ever writes into another's cache.
 */
export class Workspace {
  readonly environment: EnvironmentId;
  readonly db: CacheDatabase;
  readonly workOrders: WorkOrderRepository;
  readonly referenceData: ReferenceDataRepository;
  readonly locations: SavedLocationRepository;
  readonly clients: ClientRepository;
  readonly talentPools: TalentPoolRepository;
  readonly parts: WorkOrderPartsRepository;
  #remote: Promise<WorkspaceRemote> | undefined;
  /** The remote once connected, for answers that must not connect (status reads). */
  #connected: WorkspaceRemote | undefined;
  readonly #syncCache: SyncCache;
  /** The pull under way, awaited by `close` so no write lands in a closed database. */
  #pulling: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: WorkspaceOptions) {
    this.environment = options.environment;
    this.db = openCache(options.manager.cacheFile(options.environment));
    this.workOrders = new WorkOrderRepository(this.db);
    this.referenceData = new ReferenceDataRepository(this.db);
    this.locations = new SavedLocationRepository(this.db);
    this.clients = new ClientRepository(this.db);
    this.talentPools = new TalentPoolRepository(this.db);
    this.parts = new WorkOrderPartsRepository(this.db);
    this.#syncCache = new SyncCache(this.db, this.workOrders);
  }

  /** Single-flight, like the local marketplace start it may cause; a failure is retried next time. */
  remote(): Promise<WorkspaceRemote> {
    this.#remote ??= this.#connect().catch((error: unknown) => {
      this.#remote = undefined;
      throw error;
    });
    return this.#remote;
  }

  syncStatus(): SyncStatusPayload {
    return { environment: this.environment, ...(this.#connected?.sync.status ?? NEVER_SYNCED) };
  }

  signInState(): SignInState {
    return { environment: this.environment, state: this.#connected?.client.session.state ?? 'signed-out' };
  }

  /** Starts a pull (or joins the one under way) and answers at once; the status carries the outcome. */
  async startSync(): Promise<SyncStatusPayload> {
    const { sync } = await this.remote();
    this.#pulling = sync.syncNow().catch(() => undefined);
    return this.syncStatus();
  }

  /** Cancels the pull under way, if any, and answers at once; the status carries the outcome. */
  cancelSync(): SyncStatusPayload {
    this.#connected?.sync.cancel();
    return this.syncStatus();
  }

  /** An order with what hangs off it, from the cache only, read in one transaction: a pull writing the order and then its parts is seen before or after, never between. */
  detail(id: number): WorkOrderDetail {
    const { order, parts } = this.db.transaction(() => ({ order: this.workOrders.get(id), parts: this.parts.get(id) }))();
    if (!order) throw new AppError('WORK_ORDER_NOT_FOUND');
    const { fetchedAt, ...lists } = parts;
    return { order, ...lists, partsFetchedAt: fetchedAt };
  }

  /** Fetches the order's full answer and parts now (see `refreshWorkOrder`), then answers its detail. */
  async refreshWorkOrder(id: number): Promise<WorkOrderDetail> {
    const { client, stopping } = await this.remote();
    const refreshing = refreshWorkOrder(id, { workOrders: client.workOrders, cache: this.#syncCache, parts: this.#partsPull(client) }, stopping.signal);
    this.#pulling = Promise.all([this.#pulling, refreshing.catch(() => undefined)]);
    await refreshing;
    this.options.events.emit('workorders:did-change', { ids: [id] });
    return this.detail(id);
  }

  /** Drops the client so the next use connects again: after new credentials or new addresses. */
  async disconnect(): Promise<void> {
    const remote = this.#remote;
    this.#remote = undefined;
    const current = await remote?.catch(() => undefined);
    if (!current) return;
    if (this.#connected === current) this.#connected = undefined;
    current.sync.stop();
    current.stopping.abort();
    // A timed pull is nobody's promise: join it while it cancels, so no write lands in a closed database.
    const timed = current.sync.status.state === 'syncing' ? current.sync.syncNow().catch(() => undefined) : undefined;
    await Promise.all([this.#pulling, timed]);
    await current.client.dispose();
  }

  async close(): Promise<void> {
    await this.disconnect();
    this.db.close();
  }

  async #connect(): Promise<WorkspaceRemote> {
    const { environment, manager, events, logger } = this.options;
    const connection = await manager.connection(environment);
    const client = new MarketplaceClient({ baseUrl: connection.baseUrl, authUrl: connection.authUrl, credentials: connection.credentialSource, logger });
    const directory = { locations: this.locations, clients: this.clients, talentPools: this.talentPools, state: new DirectoryStateRepository(this.db) };
    const sync = new SyncService({ client, cache: this.#syncCache, referenceData: this.referenceData, directory, parts: this.#partsPull(client), now: Date.now });
    let previous = sync.status.state;
    sync.onChange((status) => {
      events.emit('sync:progress', { environment, ...status });
      // A failed or cancelled pull keeps what it wrote, so any end of a pull may have changed the cache.
      if (previous === 'syncing' && status.state !== 'syncing') events.emit('workorders:did-change', { all: true });
      previous = status.state;
    });
    this.#connected = { client, sync, stopping: new AbortController() };
    // Stopped by `disconnect` (sign-out, new credentials or addresses) and by `close` (switch, quit).
    sync.start(SYNC_INTERVAL_MS);
    return this.#connected;
  }

  #partsPull(client: MarketplaceClient): WorkOrderPartsPullDependencies {
    return { parts: client.parts, repository: this.parts, now: Date.now };
  }
}
