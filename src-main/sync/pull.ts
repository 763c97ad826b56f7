import type { MarketplaceClient } from '../api-client/marketplace-client';
import type { ReferenceDataRepository } from '../db/reference-data-repository';
import { AppError } from '../../src-shared/errors';
import type { WorkOrderListsAnswer } from '../../src-shared/api/work-order-list';
import { ApiError } from '../api-client/api-error';
import type { SyncPhase } from '../../src-shared/ipc/channels';
import { DIRECTORY_MAX_AGE_MS, pullDirectory, type DirectoryCache } from './directory-pull';
import { pullReferenceData } from './reference-pull';
import type { SyncCache } from './sync-cache';
import { pullDeliverables } from './deliverables-pull';
import { pullWorkOrderParts, type WorkOrderPartsPullDependencies } from './work-order-parts-pull';
import { pullWorkOrders, type WorkOrderPullOptions, type WorkOrderPullSummary } from './work-order-pull';
import { countsDisagree, startingScope, type PullScope } from './pull-scope';
import { allOrNone } from './concurrency';


export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
}

export interface PullDependencies {
  client: Pick<MarketplaceClient, 'workOrders' | 'company'>;
  cache: SyncCache;
  referenceData: ReferenceDataRepository;
  /** Saved locations, clients and talent pools; left out, the pull skips them. */
  directory?: DirectoryCache;
  /** Attachments, expenses and requests of each order whose details the pull fetches; left out, skipped. */
  parts?: WorkOrderPartsPullDependencies;
  /** Epoch ms. */
  now?: () => number;
}

export interface PullOptions {
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  /** Reference lists younger than this are not fetched again. */
  referenceMaxAgeMs?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** `all` lists every order whatever the last whole listing's age (pull-scope.ts). */
  scope?: PullScope;
}

export interface PullSummary extends WorkOrderPullSummary {
  /** The reference kinds fetched; empty when every list was fresh. */
  referenceKinds: string[];
}

export const REFERENCE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Enough to keep the connection busy while the previous page is written, without crowding the service. */
export const PULL_CONCURRENCY = 4;
/** A renderer needs no more than a few updates a second; phase changes and the end always go out. */
const PROGRESS_INTERVAL_MS = 100;

/** Parts that run alongside the work orders: once those report, theirs would move the progress back. */
const SIDE_PHASES: readonly SyncPhase[] = ['reference', 'directory'];

function throttled(onProgress: ((progress: SyncProgress) => void) | undefined, now: () => number) {
  let last: SyncProgress | undefined;
  let lastAt = -Infinity;
  return (progress: SyncProgress) => {
    if (!onProgress) return;
    if (last && SIDE_PHASES.includes(progress.phase) && !SIDE_PHASES.includes(last.phase)) return;
    const phaseChanged = last?.phase !== progress.phase;
    if (!phaseChanged && progress.done !== progress.total && now() - lastAt < PROGRESS_INTERVAL_MS) return;
    last = progress;
    lastAt = now();
    onProgress(progress);
  };
}

/**
 * The service's list counts; undefined when it has no such answer (the real service may differ from
 * decisions §3 there), and then the whole listing's age alone decides.
 */
async function listCounts(workOrders: PullDependencies['client']['workOrders'], signal: AbortSignal): Promise<WorkOrderListsAnswer | undefined> {
  try {
    return await workOrders.lists({ signal });
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'API_NOT_FOUND' || error.code === 'API_INVALID_RESPONSE')) return undefined;
    throw error;
  }
}

/**
 * The work orders in the scope `pull-scope.ts` chooses: an active pull whose list counts then
 * disagree with the cache's lists every order in the same pull.
 */
async function pullOrders(deps: PullDependencies, wanted: PullScope | undefined, now: () => number, options: Omit<WorkOrderPullOptions, 'scope'>): Promise<WorkOrderPullSummary> {
  const { cache } = deps;
  const scope = startingScope(cache.lastPulledAt('all'), now(), wanted);
  let summary = await pullWorkOrders({ ...options, scope });
  // With outbox changes waiting the cache differs from the service on purpose: the age rule decides.
  if (scope === 'active' && !cache.hasPending()) {
    const lists = await listCounts(deps.client.workOrders, options.signal);
    if (lists && countsDisagree(lists, cache.workOrders.counts()).length > 0) {
      const whole = await pullWorkOrders({ ...options, scope: 'all' });
      summary = { ...whole, stored: summary.stored + whole.stored, details: summary.details + whole.details, deleted: summary.deleted + whole.deleted };
    }
  }
  cache.markPulled(summary.scope, now());
  return summary;
}

/**
 * One pull: reference data and the directory alongside every work order's list item, then the full
 * answers of the changed orders. Each answer is written as it arrives, so a cancelled or failed pull
 * keeps what it wrote and the cache stays consistent. Cancelling rejects with SYNC_CANCELLED.
 */
export async function pullAll(deps: PullDependencies, options: PullOptions = {}): Promise<PullSummary> {
  const now = deps.now ?? Date.now;
  const signal = options.signal ?? new AbortController().signal;
  const concurrency = options.concurrency ?? PULL_CONCURRENCY;
  const report = throttled(options.onProgress, now);
  const { parts } = deps;
  try {
    // The reference lists and the directory are a handful of requests: they go alongside the
    // work orders' pages (their own lanes), not a round trip ahead of them.
    const partsFetched = new Set<number>();
    const [referenceKinds, summary] = await allOrNone<[string[], WorkOrderPullSummary]>(signal, [
      async (sideSignal) => {
        const kinds = await pullReferenceData({
          company: deps.client.company,
          referenceData: deps.referenceData,
          maxAgeMs: options.referenceMaxAgeMs ?? REFERENCE_MAX_AGE_MS,
          concurrency,
          now,
          signal: sideSignal,
          onFetched: (done, total) => report({ phase: 'reference', done, total }),
        });
        if (deps.directory) {
          await pullDirectory({
            company: deps.client.company,
            cache: deps.directory,
            maxAgeMs: DIRECTORY_MAX_AGE_MS,
            concurrency,
            now,
            signal: sideSignal,
            onFetched: (done, total) => report({ phase: 'directory', done, total }),
          });
        }
        return kinds;
      },
      (ordersSignal) =>
        pullOrders(deps, options.scope, now, {
          workOrders: deps.client.workOrders,
          cache: deps.cache,
          concurrency,
          signal: ordersSignal,
          onListed: (done, total) => report({ phase: 'work-orders', done, total }),
          onDetailed: (done, total) => report({ phase: 'details', done, total }),
          onDetailStored: parts
            ? async (order, orderSignal) => {
                partsFetched.add(order.id);
                await pullWorkOrderParts(order, parts, orderSignal);
              }
            : undefined,
        }),
    ]);
    if (parts) await pullDeliverables(parts, partsFetched, concurrency, signal);
    report({ phase: 'done', done: summary.listed, total: summary.listed });
    return { ...summary, referenceKinds };
  } catch (error) {
    if (signal.aborted) throw new AppError('SYNC_CANCELLED');
    throw error;
  }
}
