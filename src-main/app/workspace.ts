import { AppError } from '../../src-shared/errors';
import { ApiError } from '../api-client/api-error';
import type { EnvironmentId, SignInState, SyncStatusPayload, WorkOrderDetail } from '../../src-shared/ipc/channels';
import { MarketplaceClient } from '../api-client/marketplace-client';
import { ClientRepository } from '../db/client-repository';
import { providerName } from '../db/provider-names';
import { deliverablesRepository } from '../db/deliverables-repository';
import type { CacheDatabase } from '../db/database';
import { DirectoryStateRepository } from '../db/directory-state-repository';
import { ReferenceDataRepository } from '../db/reference-data-repository';
import { SavedLocationRepository } from '../db/saved-location-repository';
import { SavedViewRepository } from '../db/saved-view-repository';
import { WorkspaceProviders } from './workspace-providers';
import { TalentPoolRepository } from '../db/talent-pool-repository';
import { WorkOrderPartsRepository } from '../db/work-order-parts-repository';
import { WorkOrderRepository } from '../db/work-order-repository';
import { SyncCache } from '../sync/sync-cache';
import { SyncService, type SyncStatus } from '../sync/sync-service';
import type { WorkOrderPartsPullDependencies } from '../sync/work-order-parts-pull';
import { refreshWorkOrder } from '../sync/work-order-refresh';
import { Lifecycle } from './lifecycle';
import { WebhookAdmin } from '../webhooks/webhook-admin';
import type { ConnectivityStatus } from '../../src-shared/ipc/outbox-channels';
import { Documents } from '../outbox/documents';
import { Outbox } from '../outbox/outbox';
import { orderHistory } from '../history/order-history';
import type { OrderHistory } from '../../src-shared/ipc/order-history';
import { OutboxRunner } from '../outbox/runner';
import { canReceiveDeliveries, installIdOf, LiveUpdates, pollIntervalMs } from '../live/live-updates';

/** The half of a workspace that talks to the marketplace: made on the first sign-in or sync only. */
export interface WorkspaceRemote {
  client: MarketplaceClient;
  sync: SyncService;
  /** Its pulls and refreshes; closed by `disconnect` (sign-out, new credentials or addresses) and by `close`. */
  lifecycle: Lifecycle;
  /** Sends the outbox while connected. */
  runner: OutboxRunner;
  webhooks: WebhookAdmin;
  /** Providers' changes within seconds where the marketplace can deliver to this machine. */
  live: LiveUpdates | undefined;
  /** Stops following the connection (done by `disconnect`). */
  unfollow: () => void;
}

import type { WorkspaceOptions } from './workspace-options';

export type { ClientTimeouts, OutboxSettings, WorkspaceOptions } from './workspace-options';

/**
 * How often a connected workspace pulls on its own at most: the net under webhook deliveries where
 * they reach this machine, and where they cannot, the pace once the in-flight list is too long for
 * a pull each minute (`pollIntervalMs`); a quiet pull is a few list pages, directory data hourly.
 */
export const SYNC_INTERVAL_MS = 5 * 60 * 1000;

const NEVER_SYNCED: SyncStatus = { state: 'idle', lastSyncedAt: null, progress: null };

/**
 * Everything of one environment: its cache and repositories, opened at once (reads need no
 * network), and its client and sync service, made on first need. Switching environment closes
 * the whole workspace, so no request of one environment ever writes into another's cache.
 *
 * Its lifecycle: every call runs through `run`, which a closing workspace refuses with
 * ENVIRONMENT_SWITCHED; `close` cancels what runs, waits for every call, pull and refresh it owns,
 * and only then closes the database. A closed workspace never connects again.
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
  readonly outbox: Outbox;
  readonly savedViews: SavedViewRepository;
  readonly providers: WorkspaceProviders;
  readonly #lifecycle = new Lifecycle('ENVIRONMENT_SWITCHED');
  #remote: Promise<WorkspaceRemote> | undefined;
  /** The remote once connected, for answers that must not connect (status reads). */
  #connected: WorkspaceRemote | undefined;
  readonly #syncCache: SyncCache;

  constructor(private readonly options: WorkspaceOptions) {
    this.environment = options.environment;
    this.db = options.db;
    this.workOrders = new WorkOrderRepository(this.db);
    this.referenceData = new ReferenceDataRepository(this.db);
    this.locations = new SavedLocationRepository(this.db);
    this.clients = new ClientRepository(this.db);
    this.talentPools = new TalentPoolRepository(this.db);
    this.parts = new WorkOrderPartsRepository(this.db);
    this.#syncCache = new SyncCache(this.db, this.workOrders);
    this.savedViews = new SavedViewRepository(this.db);
    const { events, logger } = options;
    this.outbox = new Outbox({
      db: this.db,
      documents: new Documents({ workOrders: this.workOrders, parts: this.parts, locations: this.locations, talentPools: this.talentPools }),
      staging: options.outbox.staging,
      // Tags are checked against the company's list when queued; an old list beats none.
      reference: (kind) => this.referenceData.get(kind, Number.MAX_SAFE_INTEGER).map((entry) => entry.value),
      logger,
      undoMs: options.outbox.undoMs,
      providerName: (id) => providerName(this.db, id),
      offline: () => options.outbox.connectivity.state !== 'online',
      events: {
        changed: (counts) => {
          events.emit('outbox:changed', counts);
          events.emit('connectivity:did-change', this.connectivityStatus());
        },
        workOrdersChanged: (ids, renamed) => events.emit('workorders:did-change', renamed.length > 0 ? { ids, renamed } : { ids }),
        locationsChanged: (ids, renamed) => events.emit('locations:did-change', renamed.length > 0 ? { ids, renamed } : { ids }),
        applied: (entry) => events.emit('outbox:did-apply', entry),
      },
    });
    this.providers = new WorkspaceProviders({ db: this.db, workOrders: this.workOrders, outbox: this.outbox, remote: () => this.remote() });
    // A change waiting is a reason to connect: the outbox drains by itself, on launch too.
    this.outbox.onReady(() => this.#connectForOutbox());
  }

  /** Connects in the background when changes wait and nothing is connected; a failure (offline, signed out) leaves them waiting. */
  resumeOutbox(): void {
    this.#connectForOutbox();
  }

  connectivityStatus(): ConnectivityStatus {
    const { pending, refused } = this.outbox.counts();
    // Signed out means the marketplace refused the stored credentials; the outbox then waits for a sign-in.
    const signedIn = !(this.#connected?.runner.signedOut ?? false);
    return { state: this.options.outbox.connectivity.state, since: this.options.outbox.connectivity.since, pending, refused, signedIn };
  }

  get isOpen(): boolean {
    return this.#lifecycle.isOpen;
  }

  /** Runs a caller's call on this workspace: refused once closing, and awaited by `close`. */
  run<T>(call: (workspace: this) => T | Promise<T>): Promise<T> {
    return this.#lifecycle.run(() => call(this));
  }

  /** Single-flight, like the local marketplace start it may cause; a failure is retried next time. */
  remote(): Promise<WorkspaceRemote> {
    this.#lifecycle.assertOpen();
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
    const { sync, lifecycle } = await this.remote();
    lifecycle.assertOpen();
    lifecycle.track(sync.syncNow().catch(() => undefined));
    return this.syncStatus();
  }

  /** Cancels the pull under way, if any, and answers at once; the status carries the outcome. */
  cancelSync(): SyncStatusPayload {
    this.#connected?.sync.cancel();
    return this.syncStatus();
  }

  /** An order with what hangs off it, from the cache only, read in one transaction: a pull writing the order and then its parts is seen before or after, never between. */
  detail(id: number): WorkOrderDetail {
    const { order, listItemOnly, folders, parts, marks } = this.db.transaction(() => ({
      order: this.workOrders.get(id),
      listItemOnly: this.#syncCache.listItemOnly(id),
      folders: deliverablesRepository(this.db).foldersOf(id),
      parts: this.parts.get(id),
      marks: this.workOrders.marks([id]),
    }))();
    if (!order) throw new AppError('WORK_ORDER_NOT_FOUND');
    const { fetchedAt, ...lists } = parts;
    return { order, complete: !listItemOnly, folders, ...lists, partsFetchedAt: fetchedAt, outbox: this.outbox.list(id), attention: marks.attention[id] ?? [] };
  }

  /** An order's history from the cache and the outbox's log (see `orderHistory`); an order the cache lost still shows its changes. */
  history(workOrderId: number): OrderHistory {
    const parts = this.db.transaction(() => {
      const order = this.workOrders.get(workOrderId);
      return order ? { order, ...this.parts.get(workOrderId) } : undefined;
    })();
    return orderHistory(workOrderId, { parts, steps: this.outbox.steps(workOrderId), nameOf: (id) => providerName(this.db, id) });
  }

  /** Fetches the order's full answer and parts now (see `refreshWorkOrder`), then answers its detail. */
  async refreshWorkOrder(id: number): Promise<WorkOrderDetail> {
    const { client, lifecycle } = await this.remote();
    await this.#refreshOn(client, lifecycle, id);
    return this.detail(id);
  }

  /** On one connection only: a refresh asked while it closes is refused, never the cause of a new one. */
  async #refreshOn(client: MarketplaceClient, lifecycle: Lifecycle, id: number): Promise<void> {
    await lifecycle.run(() => refreshWorkOrder(id, { workOrders: client.workOrders, cache: this.#syncCache, parts: this.#partsPull(client) }, lifecycle.signal));
    this.options.events.emit('workorders:did-change', { ids: [id] });
  }

  /** Drops the client so the next use connects again: after new credentials or new addresses. */
  async disconnect(): Promise<void> {
    const remote = this.#remote;
    this.#remote = undefined;
    const current = await remote?.catch(() => undefined);
    if (!current) return;
    if (this.#connected === current) this.#connected = undefined;
    let sending: Promise<void> = Promise.resolve();
    await current.lifecycle.close(
      () => {
        current.unfollow();
        current.sync.stop();
        // Lets the request on the wire finish; what is left stays queued for the next connection.
        sending = current.runner.stop();
        this.options.outbox.connectivity.setProbe(undefined);
      },
      async () => {
        await sending;
        await current.live?.stop();
        // A timed pull is nobody's promise: wait while it cancels, so no write lands in a closed database.
        await current.sync.idle();
        await current.client.dispose();
      },
    );
  }

  close(): Promise<void> {
    return this.#lifecycle.close(
      () => this.disconnect(),
      () => {
        this.db.close();
      },
    );
  }

  async #connect(): Promise<WorkspaceRemote> {
    const { environment, manager, events, logger } = this.options;
    const connection = await manager.connection(environment);
    // Closing began while the addresses were read (or the local marketplace started): connect nothing.
    this.#lifecycle.assertOpen();
    const { connectivity, staging, concurrency, backoff } = this.options.outbox;
    const workingOffline = () => connectivity.state === 'working-offline';
    // Working offline holds every request, not only the outbox's: no pull, no refresh, no download.
    const http = { ...this.options.outbox.http, refuse: () => (workingOffline() ? new ApiError('WORKING_OFFLINE') : undefined) };
    const client = new MarketplaceClient({ baseUrl: connection.baseUrl, authUrl: connection.authUrl, credentials: connection.credentialSource, logger, http });
    const directory = { locations: this.locations, clients: this.clients, talentPools: this.talentPools, state: new DirectoryStateRepository(this.db) };
    const sync = new SyncService({ client, cache: this.#syncCache, referenceData: this.referenceData, directory, parts: this.#partsPull(client), now: Date.now, paused: workingOffline });
    let previous = sync.status.state;
    sync.onChange((status) => {
      events.emit('sync:progress', { environment, ...status });
      // A failed or cancelled pull keeps what it wrote, so any end of a pull may have changed the cache.
      if (previous === 'syncing' && status.state !== 'syncing') {
        // The pull replaced saved locations and pool attributes whole: waiting changes go back on top.
        if (this.#lifecycle.isOpen) this.outbox.rebaseDirectory();
        events.emit('workorders:did-change', { all: true });
      }
      previous = status.state;
    });
    const runner = new OutboxRunner({
      outbox: this.outbox,
      client,
      connectivity,
      staging,
      logger,
      concurrency,
      backoff,
      onUploadProgress: (entryId, sent, total) => events.emit('upload:progress', { entryId, sent, total }),
      // "N changes wait for you to sign in" appears (and goes) with this, not with the next outbox change.
      onSignedOutChange: () => {
        if (this.#connected?.runner === runner) events.emit('connectivity:did-change', this.connectivityStatus());
      },
    });
    // Any answer at all from the API's address means the network is back.
    connectivity.setProbe(() => client.transport.send({ method: 'GET', url: connection.baseUrl }).then(() => true, () => false));
    const webhooks = new WebhookAdmin(connection, client.transport, connectivity);
    // The switch to working offline pauses the pull, and the way back resumes it.
    const unfollow = connectivity.onChange(() => sync.pausedChanged());
    const lifecycle = new Lifecycle('API_ABORTED');
    const live = canReceiveDeliveries(connection.baseUrl)
      ? new LiveUpdates({ webhooks: () => webhooks.service(), refresh: (id) => this.#refreshOn(client, lifecycle, id), pull: () => lifecycle.run(() => sync.syncNow()), ownUserId: () => client.session.userId, installId: installIdOf(connection.cacheFile), logger })
      : undefined;
    this.#connected = { client, sync, lifecycle, runner, webhooks, live, unfollow };
    // Stopped by `disconnect` (sign-out, new credentials or addresses) and by `close` (switch, quit).
    sync.start(SYNC_INTERVAL_MS);
    runner.start();
    // How often to pull depends on whether deliveries arrive (see `pollIntervalMs`).
    const liveMode = live ? live.start().catch((error: unknown) => (logger.warn('live updates: not started', { error }), 'poll' as const)) : Promise.resolve('poll' as const);
    lifecycle.track(liveMode.then((mode) => lifecycle.isOpen && sync.start(pollIntervalMs(mode, this.#syncCache.inFlightIds().length, SYNC_INTERVAL_MS))));
    return this.#connected;
  }

  #connectForOutbox(): void {
    if (!this.#lifecycle.isOpen || this.#connected || this.outbox.entries.length === 0) return;
    this.#lifecycle.track(
      this.remote().catch((error: unknown) => {
        this.options.logger.info('outbox: waiting, not connected', { environment: this.environment, error });
      }),
    );
  }

  #partsPull(client: MarketplaceClient): WorkOrderPartsPullDependencies {
    return { parts: client.parts, repository: this.parts, folders: deliverablesRepository(this.db), now: Date.now };
  }
}
