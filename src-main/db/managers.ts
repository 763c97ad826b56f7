import type { CachedManager } from '../../src-shared/ipc/channels';
import type { CacheDatabase } from './database';

/**
 * The managers named on cached orders, for the list's manager filter: the contract has no list of
 * company users, so the orders are where they are known. One row per manager, from the newest
 * order naming them (a renamed manager shows the new name).
 */
// Each distinct manager by a hop along the index (the next id above the last), then the newest
// order naming them by one seek of (manager_id, updated_at): as many seeks as managers, never a
// pass over the orders (migration 0018).
const MANAGERS_SQL = `
  WITH RECURSIVE managers(id) AS (
    SELECT min(manager_id) FROM work_orders
    UNION ALL
    SELECT (SELECT min(manager_id) FROM work_orders WHERE manager_id > managers.id) FROM managers WHERE managers.id IS NOT NULL
  )
  SELECT m.id,
    trim(COALESCE(json_extract(d.json, '$.manager.first_name'), '') || ' ' || COALESCE(json_extract(d.json, '$.manager.last_name'), '')) AS name
  FROM managers m
  JOIN work_order_documents d ON d.id = (SELECT w.id FROM work_orders w WHERE w.manager_id = m.id ORDER BY w.updated_at DESC, w.id DESC LIMIT 1)
  WHERE m.id IS NOT NULL
`;

export function listCachedManagers(db: CacheDatabase): CachedManager[] {
  const rows = db.prepare(MANAGERS_SQL).all() as { id: number; name: string }[];
  return rows.map((row) => ({ id: row.id, name: row.name === '' ? `Manager ${row.id}` : row.name })).sort((a, b) => a.name.localeCompare(b.name));
}
