import type { WorkOrder } from '../../src-shared/api/work-order';
import type { CacheDatabase } from './database';
import { listQuery, type CachedWorkOrderQuery } from './work-order-query';

/**
 * The export's reads of the cache (`src-shared/ipc/work-order-export.ts`): the same conditions and
 * order as the list (`listQuery`), but every matching id in one pass instead of a page at a time,
 * then the orders by id. Only ids are sorted, so 100,000 orders cost one sort of numbers.
 */
export class WorkOrderExportReads {
  readonly #byIds;

  constructor(private readonly db: CacheDatabase) {
    this.#byIds = db.prepare('SELECT id, json FROM work_order_documents WHERE id IN (SELECT value FROM json_each(?))');
  }

  /** The ids the query matches, in its order, at most `limit`. */
  matchingIds(query: CachedWorkOrderQuery, limit: number): number[] {
    const { where, parameters, orderBy } = listQuery(query);
    return this.db.prepare(`SELECT w.id FROM work_orders w ${where} ORDER BY ${orderBy} LIMIT @limit`).pluck().all({ ...parameters, limit }) as number[];
  }

  /** The cached orders of these ids, in the order given; an id no longer cached is left out. */
  orders(ids: readonly number[]): WorkOrder[] {
    const jsonById = new Map((this.#byIds.all(JSON.stringify(ids)) as { id: number; json: string }[]).map((row) => [row.id, row.json]));
    return ids.flatMap((id) => {
      const json = jsonById.get(id);
      return json === undefined ? [] : [JSON.parse(json) as WorkOrder];
    });
  }
}
