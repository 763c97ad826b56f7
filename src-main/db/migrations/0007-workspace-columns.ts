import type { Migration } from './index';

/**
 * What the coordinator's workspace lists need beyond 0001:
 * - `provider_id` (the assignee's user id), for the provider column and a provider's history with
 *   this company; `schedule_end`, the end of a service window, for "running late". Both are filled
 *   from the stored documents, so a cache made before this version needs no new pull.
 * - an index that covers the "needs attention" rules, so the badge counts without reading rows;
 * - `saved_views`: filters the coordinator named ("Chicago installs this week"), per environment
 *   because their ids (clients, projects) are that marketplace's.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'workspace-columns',
  up: `
    ALTER TABLE work_orders ADD COLUMN provider_id INTEGER;
    ALTER TABLE work_orders ADD COLUMN schedule_end INTEGER;
    UPDATE work_orders SET
      provider_id = (SELECT json_extract(d.json, '$.assignee.user.id') FROM work_order_documents d WHERE d.id = work_orders.id),
      schedule_end = (SELECT CAST(strftime('%s', json_extract(d.json, '$.schedule.service_window.end.utc')) AS INTEGER) * 1000 FROM work_order_documents d WHERE d.id = work_orders.id);
    CREATE INDEX work_orders_provider ON work_orders(provider_id) WHERE provider_id IS NOT NULL;
    -- Covers the attention rules (work-order-attention.ts): they read these columns of active orders only.
    CREATE INDEX work_orders_attention ON work_orders(status_id, schedule_start, schedule_end, sub_status, open_problems);

    CREATE TABLE saved_views (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL UNIQUE COLLATE NOCASE,
      query TEXT NOT NULL,
      created_at INTEGER NOT NULL
    );
  `,
};
