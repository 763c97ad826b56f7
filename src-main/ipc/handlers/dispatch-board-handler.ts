import type { DispatchBoard, DispatchBoardRequest, ScheduleCheck } from '../../../src-shared/ipc/dispatch';
import type { CacheDatabase } from '../../db/database';
import { DispatchBoardOrders } from '../../db/dispatch-board-orders';
import { DispatchBoardProviders } from '../../db/dispatch-board-providers';
import { perDatabase } from '../../db/per-database';
import type { Outbox } from '../../outbox/outbox';
import type { Handlers } from '../dispatcher';
import type { UseWorkspace } from './use-workspace';

/** What the board reads of a workspace: the cache, and the outbox for what it refused. */
export interface DispatchBoardParts {
  db: CacheDatabase;
  outbox: Pick<Outbox, 'entries'>;
}

const readersOf = perDatabase((db) => ({ orders: new DispatchBoardOrders(db), providers: new DispatchBoardProviders(db) }));

/** A refused change stays on its order until the coordinator retries or discards it: the list and the board say so. */
export function refusedOrderIds(entries: Pick<Outbox, 'entries'>['entries']): Set<number> {
  return new Set(entries.flatMap((entry) => (entry.state === 'refused' && entry.workOrderId !== null ? [entry.workOrderId] : [])));
}

/** The board of a period from the cache alone, so it answers offline; `now` is what the attention rules measure against. */
export function readDispatchBoard({ db, outbox }: DispatchBoardParts, request: DispatchBoardRequest, now: number): DispatchBoard {
  const { orders, providers } = readersOf(db);
  const refused = refusedOrderIds(outbox.entries);
  // One snapshot: a pull committing between the reads must not leave a block without its row.
  return db.transaction(() => {
    const blocks = orders.blocks(request.from, request.to, now, refused);
    return {
      from: request.from,
      to: request.to,
      providers: providers.list(new Set(blocks.map((block) => block.providerId)), request),
      blocks,
      tray: orders.tray(request, now, refused),
    };
  })();
}

/** What checking schedules uses of a workspace. */
export interface ScheduleCheckParts {
  providers: { checkSchedules(ids: readonly number[]): Promise<ScheduleCheck> };
}

/** The board's one request to the marketplace: its rows' booked time, so a drop onto it asks first. */
export function scheduleCheckHandler(use: UseWorkspace<ScheduleCheckParts>): Pick<Handlers, 'dispatch:check-schedules'> {
  return {
    'dispatch:check-schedules': ({ providerIds }) => use(({ providers }) => providers.checkSchedules(providerIds)),
  };
}
