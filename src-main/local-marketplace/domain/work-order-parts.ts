import type { Timestamp, UserSummary } from '../../../src-shared/api/common';
import type { MarketplaceContext } from '../context';
import { findUser } from './providers';
import { timestampAt } from './work-order-milestones';
import { addressOf, type WorkOrderRecord } from './work-order-record';
import { siteTimeZone } from './site-geography';

// How every sub-resource of a work order (expenses, problems, requests, swaps, messages, time
// logs, shipments, attachment folders) presents what they have in common, so they read alike.

/** A moment at the order's service location, as every timestamp of its sub-resources is shown. */
export function orderTimestamp(record: WorkOrderRecord, ms: number): Timestamp {
  return timestampAt(ms, siteTimeZone(addressOf(record)));
}

/** A sub-resource list comes whole: one page holding every record. */
export function wholeList<Item>(results: Item[]) {
  return { metadata: { total: results.length, page: 1, pages: results.length > 0 ? 1 : 0, per_page: results.length }, results };
}

/** A person as other records embed them (authors, reviewers, requesters, swap parties); a user removed since shows only the id. */
export function personSummary(context: MarketplaceContext, userId: number): UserSummary {
  const user = findUser(context, userId);
  return { id: userId, first_name: user?.first_name ?? null, last_name: user?.last_name ?? null, thumbnail: '' };
}
