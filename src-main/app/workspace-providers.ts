import type { ScheduleCheck } from '../../src-shared/ipc/dispatch';
import type { FoundProviders, ProviderCandidate } from '../../src-shared/ipc/find-provider';
import { AppError } from '../../src-shared/errors';
import type { MarketplaceClient } from '../api-client/marketplace-client';
import type { CacheDatabase } from '../db/database';
import { ProviderCandidates } from '../db/provider-candidates';
import { ProviderScheduleRepository } from '../db/provider-schedule-repository';
import type { WorkOrderRepository } from '../db/work-order-repository';
import type { Outbox } from '../outbox/outbox';
import { findProviders, lookUpProvider } from '../sync/find-providers';
import { checkProviderSchedules, SCHEDULE_FRESH_MS } from '../sync/provider-schedule-check';
import type { Lifecycle } from './lifecycle';

/** What the providers' part of a workspace uses of it: its cache, its outbox's counts, and its connection. */
export interface WorkspaceProvidersParts {
  db: CacheDatabase;
  workOrders: Pick<WorkOrderRepository, 'get'>;
  outbox: Pick<Outbox, 'counts'>;
  remote: () => Promise<{ client: MarketplaceClient; lifecycle: Lifecycle }>;
}

/**
 * A workspace's providers beyond its orders (issues 25 and 26): their marketplace schedules for the
 * board, the candidates for an order (nearby, kept for offline, and the cache's own), one by id.
 */
export class WorkspaceProviders {
  readonly schedules: ProviderScheduleRepository;
  readonly candidates: ProviderCandidates;

  constructor(private readonly parts: WorkspaceProvidersParts) {
    this.schedules = new ProviderScheduleRepository(parts.db);
    this.candidates = new ProviderCandidates(parts.db);
  }

  /** Fetches the marketplace schedules of the board's providers not checked lately (checkProviderSchedules). */
  async checkSchedules(ids: readonly number[]): Promise<ScheduleCheck> {
    // A change of ours still on its way would read as a booking elsewhere: check once it has landed.
    if (this.parts.outbox.counts().pending > 0 || this.schedules.due(ids, Date.now() - SCHEDULE_FRESH_MS).length === 0) return { checked: 0, failed: 0 };
    const { client, lifecycle } = await this.parts.remote();
    return lifecycle.run(() => checkProviderSchedules(ids, { users: client.company, schedules: this.schedules, now: Date.now }, lifecycle.signal));
  }

  /** Who could take the order: nearby on the marketplace (kept for offline) and the cache's own (find-providers.ts). */
  async find(workOrderId: number, radius: number): Promise<FoundProviders> {
    if (!this.parts.workOrders.get(workOrderId)) throw new AppError('WORK_ORDER_NOT_FOUND');
    const search = async (id: number, miles: number) => {
      const { client, lifecycle } = await this.parts.remote();
      return lifecycle.run(() => client.parts.providersAround(id, { radius: miles }, { signal: lifecycle.signal }));
    };
    return findProviders(workOrderId, radius, { candidates: this.candidates, search, now: Date.now });
  }

  /** One provider by id, from the marketplace now. */
  async lookUp(workOrderId: number, providerId: number): Promise<ProviderCandidate> {
    const { client, lifecycle } = await this.parts.remote();
    const user = (id: number) => lifecycle.run(() => client.company.user(id, { signal: lifecycle.signal }));
    return lookUpProvider(workOrderId, providerId, { candidates: this.candidates, schedules: this.schedules, user, now: Date.now });
  }
}
