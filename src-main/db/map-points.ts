import type { MapOrders } from '../../src-shared/ipc/map';
import type { CacheDatabase } from './database';
import { StatementCache } from './statement-cache';
import { type CachedWorkOrderQuery, listQuery } from './work-order-query';

/**
 * The map's points: the list's query (its filters, search and list) over the site columns of
 * migration 0015, one pass and no documents parsed. Orders without a known site are only counted.
 */
export class MapPoints {
  readonly #statements: StatementCache;

  constructor(db: CacheDatabase) {
    this.#statements = new StatementCache(db);
  }

  read(query: CachedWorkOrderQuery): MapOrders {
    const { where, parameters } = listQuery(query);
    const rows = this.#statements
      .get(`SELECT w.id, w.latitude, w.longitude, coalesce(w.status_id, 0) FROM work_orders w ${where}`)
      .raw()
      .all(parameters) as [number, number | null, number | null, number][];
    const answer: MapOrders = { ids: [], latitudes: [], longitudes: [], statusIds: [], unplaced: 0 };
    for (const [id, latitude, longitude, statusId] of rows) {
      if (latitude === null || longitude === null) {
        answer.unplaced += 1;
        continue;
      }
      answer.ids.push(id);
      answer.latitudes.push(latitude);
      answer.longitudes.push(longitude);
      answer.statusIds.push(statusId);
    }
    return answer;
  }
}
