import { AppError } from '../../../src-shared/errors';
import type { WorkOrderListRequest } from '../../../src-shared/ipc/channels';
import type { ChannelOutput } from '../../../src-shared/ipc/contract';
import type { CacheDatabase } from '../../db/database';
import { MapPoints } from '../../db/map-points';
import { perDatabase } from '../../db/per-database';
import { deliverablesRepository } from '../../db/deliverables-repository';
import { inboxRepository } from '../../db/inbox-repository';
import type { ReferenceDataRepository } from '../../db/reference-data-repository';
import type { SavedLocationRepository } from '../../db/saved-location-repository';
import type { SavedViewRepository } from '../../db/saved-view-repository';
import type { CachedWorkOrderQuery } from '../../db/work-order-query';
import type { WorkOrderRepository } from '../../db/work-order-repository';
import type { Outbox } from '../../outbox/outbox';
import type { Handlers } from '../dispatcher';
import { readDispatchBoard, refusedOrderIds } from './dispatch-board-handler';
import type { UseWorkspace } from './use-workspace';

/** What the cache's reads use of a workspace. */
export interface CacheReadParts {
  db: CacheDatabase;
  workOrders: Pick<WorkOrderRepository, 'list' | 'marks' | 'counts' | 'attentionCount' | 'get'>;
  outbox: Pick<Outbox, 'entries'>;
  referenceData: Pick<ReferenceDataRepository, 'get'>;
  locations: Pick<SavedLocationRepository, 'search'>;
  savedViews: Pick<SavedViewRepository, 'list' | 'save' | 'delete'>;
}

type CacheReadChannel = 'workorders:list' | 'dispatch:board' | 'map:orders' | 'map:providers' | 'workorders:get' | 'reference:get' | 'locations:search' | 'views:list' | 'views:save' | 'views:delete';

/** Reference lists are kept until the next pull replaces them: offline, an old list beats none. */
const ANY_AGE_MS = Number.MAX_SAFE_INTEGER;

const mapPointsOf = perDatabase((db) => new MapPoints(db));

/** The list's request as the cache's query (the export reads the same). */
export function cacheQuery(request: WorkOrderListRequest): CachedWorkOrderQuery {
  return {
    list: request.list,
    f_search: request.search,
    f_work_order_id: request.workOrderId,
    f_type_of_work: request.typeOfWork,
    f_client: request.client,
    f_project: request.project,
    f_manager: request.manager,
    f_city: request.city,
    f_state: request.state,
    f_country: request.country,
    status_ids: request.statusIds,
    schedule_from: request.scheduleFrom,
    schedule_to: request.scheduleTo,
    provider: request.provider,
    saved_location: request.savedLocationId,
    tag: request.tag,
    attention: request.attention,
    sort: request.sort,
    order: request.order,
    page: request.page,
    per_page: request.per_page,
  };
}

/**
 * The counts every list answer carries for the navigation's badges. Each is kept until the cache
 * changes (the attention count a few seconds), so the list answered once at launch (`App.warmUp`)
 * has them ready for the window's first answer.
 */
function listBadges({ workOrders, db }: Pick<CacheReadParts, 'workOrders' | 'db'>, now: number) {
  return {
    counts: workOrders.counts(),
    attentionCount: workOrders.attentionCount(now),
    deliverablesWaiting: deliverablesRepository(db).waitingCount(),
    inboxUnread: inboxRepository(db).unreadCount(),
  };
}

/** Reads answer from the active environment's SQLite cache only: never a request to the marketplace. */
export function cacheReadHandlers(use: UseWorkspace<CacheReadParts>): Pick<Handlers, CacheReadChannel> {
  return {
    'workorders:list': async (request) => {
      const now = Date.now();
      return use(({ workOrders, outbox, db }) => {
        const page = workOrders.list({ ...cacheQuery(request), now });
        const ids = page.results.map((order) => order.id);
        const refusedIds = refusedOrderIds(outbox.entries);
        const refused = ids.filter((id) => refusedIds.has(id));
        return {
          ...page,
          ...workOrders.marks(ids, now),
          refused,
          ...listBadges({ workOrders, db }, now),
        };
      });
    },
    'dispatch:board': async (request) => {
      const now = Date.now();
      return use((parts) => readDispatchBoard(parts, request, now));
    },
    'map:orders': (request) => use(({ db }) => mapPointsOf(db).read(cacheQuery(request))),
    'map:providers': () => use(({ db }) => mapPointsOf(db).providers()),
    'workorders:get': async ({ id }) => {
      const order = await use(({ workOrders }) => workOrders.get(id));
      if (!order) throw new AppError('WORK_ORDER_NOT_FOUND');
      return order;
    },
    'reference:get': async ({ kind }) => {
      // The channel's kinds are the names the pull stores them under.
      const entries = await use(({ referenceData }) => referenceData.get(kind, ANY_AGE_MS));
      // Stored as the service answered; the dispatcher checks them against the contract on the way out.
      return { kind, entries: entries.map((entry) => entry.value) } as ChannelOutput<'reference:get'>;
    },
    'locations:search': ({ text }) => use(({ locations }) => locations.search(text)),
    'views:list': () => use(({ savedViews }) => savedViews.list()),
    'views:save': ({ name, query }) => use(({ savedViews }) => savedViews.save(name, query)),
    'views:delete': ({ id }) => use(({ savedViews }) => ({ deleted: savedViews.delete(id) })),
  };
}
