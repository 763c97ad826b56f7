import { statusById } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';
import { preparedStatement } from '../store/database';
import { DEMO_TAGS } from './company-lists';

/**
 * A few of the demo orders carry tags, so the app shows and filters them from the first sync:
 * every third order the first demo tag its status allows, every sixth the first two. Applied when
 * the order was created, by its manager; deterministic like the rest of the seed.
 */
export function seedWorkOrderTags(context: MarketplaceContext): void {
  const orders = preparedStatement(context, "SELECT id, created_at, status_id, json_extract(data, '$.fields.manager.id') AS manager_id FROM work_orders ORDER BY id").all() as {
    id: number;
    created_at: number;
    status_id: number;
    manager_id: number | null;
  }[];
  const apply = preparedStatement(context, 'INSERT INTO work_order_tags (work_order_id, tag_id, applied_at, applied_by) VALUES (?, ?, ?, ?)');
  orders.forEach((order, index) => {
    const slug = statusById(order.status_id)?.slug;
    if (index % 3 !== 0 || slug === undefined) return;
    const fitting = DEMO_TAGS.filter((tag) => tag.valid_statuses.includes(slug));
    for (const tag of fitting.slice(0, index % 6 === 0 ? 2 : 1)) apply.run(order.id, tag.id, order.created_at, order.manager_id ?? 0);
  });
}
