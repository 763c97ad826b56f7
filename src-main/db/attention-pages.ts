import { statusBySlug } from '../../src-shared/api/status';
import { TRIAGE_REASONS, type TriageReason, type UrgencyGroup } from '../../src-shared/domain/attention';
import { ATTENTION_CONDITIONS, URGENCY_RANK } from './work-order-attention';
import type { StatementCache } from './statement-cache';

/**
 * The "Needs attention" view read along indexes, not made as a set (issue 27): the union of the
 * rules held 76,000 orders at a million, and sorting and counting it took 0.2–0.4 s at every read
 * of the triage queue. Here each urgency group is its own query, walked in its order (an order
 * with a start first, by start; then those without one, by id: the triage queue's order), and a
 * page reads only as far as it reaches. Only for the view with no other condition; any other
 * filter has the union narrowed by it (work-order-query.ts).
 */

const ASSIGNED = statusBySlug('assigned')?.id ?? -1;

/** A NULL rule (a missing sub-status) holds as not holding, as it does in the union. */
const holds = (reason: TriageReason) => `coalesce(${ATTENTION_CONDITIONS[reason]}, 0)`;

/** The orders whose most urgent reason is `reason`: it holds, and no reason before it does. */
function leads(reason: TriageReason): string {
  const earlier = TRIAGE_REASONS.slice(0, TRIAGE_REASONS.indexOf(reason)).map(holds);
  return earlier.length === 0 ? ATTENTION_CONDITIONS[reason] : `${ATTENTION_CONDITIONS[reason]} AND NOT (${earlier.join(' OR ')})`;
}

/**
 * Each group's two walks in the queue's order, `@limit` rows at most. `w.schedule_start IS NOT
 * NULL ORDER BY w.schedule_start, w.id` follows the status index for the assigned rules and the
 * index of orders with problems (migration 0021) for theirs.
 */
const PARTS: readonly string[] = TRIAGE_REASONS.flatMap((reason) => [
  `SELECT w.id FROM work_orders w WHERE ${leads(reason)} AND w.schedule_start IS NOT NULL ORDER BY w.schedule_start, w.id LIMIT @limit`,
  `SELECT w.id FROM work_orders w WHERE ${leads(reason)} AND w.schedule_start IS NULL ORDER BY w.id LIMIT @limit`,
]);

/**
 * How many orders each reason leads, as disjoint counts with no set made: the assigned rules from
 * one range of the attention index, problems of orders in other statuses from the kept counts
 * (migration 0019), open requests (published or routed orders only) by their own index.
 */
export const URGENCY_GROUPS_SQL = `SELECT ${URGENCY_RANK} AS rank, COUNT(*) AS count FROM work_orders w WHERE w.status_id = ${ASSIGNED} GROUP BY rank
  UNION ALL SELECT ${TRIAGE_REASONS.indexOf('problem')}, coalesce(SUM(problems), 0) FROM work_order_counts WHERE status_key <> ${ASSIGNED}
  UNION ALL SELECT ${TRIAGE_REASONS.indexOf('requests')}, COUNT(*) FROM work_orders w WHERE ${leads('requests')}`;
// The counts above assume each rule's statuses: a reason added or reordered must be counted anew.
if (TRIAGE_REASONS.join() !== 'late,at-risk,unconfirmed,problem,requests') throw new Error('attention-pages.ts counts the triage reasons as they were');

/** The triage version (migration 0027): it moves with whatever the rules read. */
export const TRIAGE_VERSION_SQL = 'SELECT version FROM triage_version';
/** Moved by hand where its triggers waited: at the end of a bulk load. */
export const BUMP_TRIAGE_VERSION_SQL = 'UPDATE triage_version SET version = version + 1;';

/** Any triage reason, asked of one row: the view sorted otherwise walks the sort's index with it. */
export const ANY_TRIAGE_REASON = `(${TRIAGE_REASONS.map(holds).join(' OR ')})`;

/** How many orders each triage reason leads at `now`, by rank (TRIAGE_REASONS' order). */
export function urgencyCounts(statements: StatementCache, now: number): number[] {
  const counts = TRIAGE_REASONS.map(() => 0);
  for (const row of statements.get(URGENCY_GROUPS_SQL).all({ now }) as { rank: number; count: number }[]) {
    if (row.rank < counts.length) counts[row.rank] = (counts[row.rank] ?? 0) + row.count;
  }
  return counts;
}

/** The urgency groups of those counts, most urgent first, without the empty ones; their sum is the view's total. */
export function groupsOf(counts: readonly number[]): UrgencyGroup[] {
  return TRIAGE_REASONS.flatMap((reason, rank) => ((counts[rank] ?? 0) > 0 ? [{ reason, count: counts[rank] ?? 0 }] : []));
}

/** The urgency groups at `now`, counted. */
export const urgencyGroups = (statements: StatementCache, now: number): UrgencyGroup[] => groupsOf(urgencyCounts(statements, now));

/** A page of the triage queue: `limit` ids from `offset`, each group walked only as far as the page reaches. */
export function urgencyPage(statements: StatementCache, groups: readonly UrgencyGroup[], now: number, offset: number, limit: number): number[] {
  const ids: number[] = [];
  let skip = offset;
  for (const reason of TRIAGE_REASONS) {
    if (ids.length >= limit) break;
    const count = groups.find((group) => group.reason === reason)?.count ?? 0;
    // A whole group before the page is skipped by its count, never read.
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const rank = TRIAGE_REASONS.indexOf(reason);
    for (const sql of PARTS.slice(rank * 2, rank * 2 + 2)) {
      if (ids.length >= limit) break;
      const read = statements.get(sql).pluck().all({ now, limit: skip + limit - ids.length }) as number[];
      ids.push(...read.slice(skip));
      skip = Math.max(0, skip - read.length);
    }
  }
  return ids;
}
