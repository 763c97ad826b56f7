import type { MapOrders, MapProviders } from '../../src-shared/ipc/map';
import { providerNames } from './provider-names';
import type { CacheDatabase } from './database';
import { StatementCache } from './statement-cache';
import { type CachedWorkOrderQuery, listQuery } from './work-order-query';

/**
 * The map's points: the list's query (its filters, search and list) over the site columns of
 * migration 0015, one pass and no documents parsed. Orders without a known site are only counted.
 */
export class MapPoints {
  readonly #statements: StatementCache;

  constructor(private readonly db: CacheDatabase) {
    this.#statements = new StatementCache(db);
  }

  /**
   * Home bases the cache knows: a `User` kept by a schedule check or a look-up, else one in an
   * order's last nearby search. Each provider once; a point out of range is left out.
   */
  providers(): MapProviders {
    const rows = this.#statements
      .get(
        `SELECT id, latitude, longitude FROM (
           SELECT provider_id AS id, json_extract(json, '$.coords.latitude') AS latitude, json_extract(json, '$.coords.longitude') AS longitude, 0 AS rank FROM provider_schedules
           UNION ALL
           SELECT json_extract(r.value, '$.id'), json_extract(r.value, '$.coords.latitude'), json_extract(r.value, '$.coords.longitude'), 1 FROM provider_searches s, json_each(s.json) r
         ) WHERE typeof(latitude) IN ('real', 'integer') AND typeof(longitude) IN ('real', 'integer') AND abs(latitude) <= 90 AND abs(longitude) <= 180
         ORDER BY id, rank`,
      )
      .all() as { id: number; latitude: number; longitude: number }[];
    const seen = new Map<number, { id: number; latitude: number; longitude: number }>();
    for (const row of rows) if (!seen.has(row.id)) seen.set(row.id, row);
    const names = providerNames(this.db, [...seen.keys()]);
    return [...seen.values()].map((row) => ({ ...row, name: names.get(row.id) ?? `Provider ${row.id}` }));
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
