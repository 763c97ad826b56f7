import type { CachedManager } from '../../src-shared/ipc/channels';
import type { CacheDatabase } from './database';

/**
 * The managers named on cached orders, for the list's manager filter: the contract has no list of
 * company users, so the orders are where they are known. One row per manager, from the newest
 * order naming them (a renamed manager shows the new name).
 */
// SQLite takes the bare columns of an aggregate query with MAX() from the row holding the maximum:
// one pass over the manager index, and one document read per manager, not per order.
const MANAGERS_SQL = `
  SELECT newest.id,
    trim(COALESCE(json_extract(d.json, '$.manager.first_name'), '') || ' ' || COALESCE(json_extract(d.json, '$.manager.last_name'), '')) AS name
  FROM (SELECT manager_id AS id, w.id AS orderId, MAX(updated_at) FROM work_orders w WHERE manager_id IS NOT NULL GROUP BY manager_id) newest
  JOIN work_order_documents d ON d.id = newest.orderId
`;

export function listCachedManagers(db: CacheDatabase): CachedManager[] {
  const rows = db.prepare(MANAGERS_SQL).all() as { id: number; name: string }[];
  return rows.map((row) => ({ id: row.id, name: row.name === '' ? `Manager ${row.id}` : row.name })).sort((a, b) => a.name.localeCompare(b.name));
}
