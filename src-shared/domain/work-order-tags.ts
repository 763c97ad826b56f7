import type { Tag } from '../api/company';
import type { StatusSlug } from '../api/status';
import type { WorkOrder } from '../api/work-order';

/**
 * Whether a company tag may be applied to an order in this status: its `valid_statuses` name the
 * status (decisions §6). A tag that lists none fits every status. The marketplace refuses the
 * others with a 400 naming `tag`; the app checks before it queues.
 */
export function tagFitsStatus(tag: Pick<Tag, 'valid_statuses'>, status: StatusSlug): boolean {
  const valid = tag.valid_statuses ?? [];
  return valid.length === 0 || valid.includes(status);
}

/** The ids of the tags applied to an order, from its `tags` envelope (absent: none). */
export function appliedTagIds(order: Pick<WorkOrder, 'tags'>): number[] {
  return (order.tags?.results ?? []).flatMap((tag) => (typeof tag?.id === 'number' ? [tag.id] : []));
}
