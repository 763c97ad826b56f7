import { statusBySlug, type StatusSlug } from '../../src-shared/api/status';
import { AT_RISK_WITHIN_MS, type AttentionReason, TRIAGE_REASONS, UNCONFIRMED_WITHIN_MS } from '../../src-shared/domain/attention';

const id = (slug: StatusSlug): number => statusBySlug(slug)?.id ?? -1;
const ASSIGNED = id('assigned');
const ON_SITE = "('checked_in', 'checked_out')";
const UNDER_WAY = "('confirmed', 'on_my_way', 'checked_in', 'checked_out')";

/** An order whose provider's files wait for review: under way or done (`w`, a row of work_orders). */
export const DELIVERABLE_ORDER = `w.status_id IN (${ASSIGNED}, ${id('workdone')})`;
/**
 * A provider's file waiting for review (`a`, a row of attachments). A file of our own still queued
 * for upload (a temporary, negative id) is not one, nor a file in a folder the cache knows is not a
 * Deliverables (`slot`) folder: the buyer's own Documents.
 */
export const DELIVERABLE_PENDING = `a.status = 'pending' AND a.id > 0 AND coalesce((SELECT f.type FROM attachment_folders f WHERE f.id = a.folder_id), 'slot') = 'slot'`;

/** An open request for the order `w`, as the requests table says. */
const HAS_REQUEST = 'w.id IN (SELECT r.work_order_id FROM requests r WHERE coalesce(r.active, 1) = 1)';

/**
 * Each reason as a condition on `w` (a row of work_orders), `@now` bound to epoch ms. Written once,
 * here: the list filter, the counts and the per-row reasons all read these. `hasRequest` says
 * whether `w` has an open request: the requests table's answer, or a column of a row kept of it.
 */
const conditions = (hasRequest: string): Readonly<Record<AttentionReason, string>> => ({
  // The marketplace says delayed, or the window has passed and nobody checked in. Sub-statuses
  // exist only while Assigned (decisions §1), so each rule starts from the status index.
  late: `(w.status_id = ${ASSIGNED} AND (w.sub_status = 'delayed' OR (coalesce(w.schedule_end, w.schedule_start) < @now AND coalesce(w.sub_status, '') NOT IN ${ON_SITE})))`,
  // The marketplace says at risk, or it starts soon and nobody is on the way.
  'at-risk': `(w.status_id = ${ASSIGNED} AND (w.sub_status = 'at_risk' OR (w.schedule_start BETWEEN @now AND @now + ${AT_RISK_WITHIN_MS} AND coalesce(w.sub_status, '') NOT IN ${UNDER_WAY})))`,
  unconfirmed: `(w.status_id = ${ASSIGNED} AND coalesce(w.sub_status, '') = '' AND w.schedule_start BETWEEN @now AND @now + ${UNCONFIRMED_WITHIN_MS})`,
  problem: 'w.open_problems > 0',
  // The sets of orders with a waiting file or an open request are small and computed once per query.
  deliverables: `(${DELIVERABLE_ORDER} AND w.id IN (SELECT a.work_order_id FROM attachments a WHERE ${DELIVERABLE_PENDING}))`,
  requests: `(w.status_id IN (${id('published')}, ${id('routed')}) AND ${hasRequest})`,
});

export const ATTENTION_CONDITIONS = conditions(HAS_REQUEST);

const REASONS = Object.keys(ATTENTION_CONDITIONS) as AttentionReason[];

/**
 * Any triage reason: the "Needs attention" view (files waiting for review have Deliverables). One
 * OR of all the rules would scan every row; a union of the rules lets each use its index (the
 * attention index, the one of orders with problems), and the set is made once per query.
 */
const ATTENTION_IDS = TRIAGE_REASONS.map((reason) => `SELECT w.id FROM work_orders w WHERE ${ATTENTION_CONDITIONS[reason]}`).join(' UNION ');
export const NEEDS_ATTENTION = `w.id IN (${ATTENTION_IDS})`;

/** How many orders need attention as the union of the rules counts them (tests hold the count below to it). */
export const ATTENTION_UNION_COUNT_SQL = `SELECT COUNT(*) FROM (${ATTENTION_IDS})`;

const NEVER = Number.MAX_SAFE_INTEGER;

/**
 * The first moment after `@now` at which a triage rule's comparison with the clock can turn for
 * some cached order: the rules above read the clock only for Assigned orders, as their window's end
 * passing (late) and their start coming within reach or passing (at-risk, unconfirmed). Until then
 * a count or a queue read at `@now` holds (work-order-counts.ts). A rule reading the clock any
 * other way must be added here and to `CLOCK_MOVES_SQL`; `attention-count.test.ts` and
 * `kept-triage.test.ts` sweep the clock over every turn.
 */
const nextTurn = (also = '') => `SELECT min(
  coalesce((SELECT min(coalesce(w.schedule_end, w.schedule_start)) FROM work_orders w WHERE w.status_id = ${ASSIGNED}${also} AND coalesce(w.schedule_end, w.schedule_start) >= @now) + 1, ${NEVER}),
  coalesce((SELECT min(w.schedule_start) FROM work_orders w WHERE w.status_id = ${ASSIGNED}${also} AND w.schedule_start >= @now) + 1, ${NEVER}),
  coalesce((SELECT min(w.schedule_start) FROM work_orders w WHERE w.status_id = ${ASSIGNED}${also} AND w.schedule_start > @now + ${AT_RISK_WITHIN_MS}) - ${AT_RISK_WITHIN_MS}, ${NEVER}),
  coalesce((SELECT min(w.schedule_start) FROM work_orders w WHERE w.status_id = ${ASSIGNED}${also} AND w.schedule_start > @now + ${UNCONFIRMED_WITHIN_MS}) - ${UNCONFIRMED_WITHIN_MS}, ${NEVER})
)`;
export const NEXT_TRIAGE_TURN_SQL = nextTurn();
/** The same for one order (`@id`): where a changed order may bring the next turn nearer. */
export const NEXT_ORDER_TURN_SQL = nextTurn(' AND w.id = @id');

/** The reasons of each row, as a comma-separated text column named `reasons`. */
export const ATTENTION_REASONS_COLUMN = `concat_ws(',', ${REASONS.map((reason) => `CASE WHEN ${ATTENTION_CONDITIONS[reason]} THEN '${reason}' END`).join(', ')}) AS reasons`;

const urgencyRank = (rules: Readonly<Record<AttentionReason, string>>) =>
  `CASE ${TRIAGE_REASONS.map((reason, rank) => `WHEN ${rules[reason]} THEN ${rank}`).join(' ')} ELSE ${TRIAGE_REASONS.length} END`;
/** The rank of a row's most urgent triage reason (0: late), for the triage queue's order; the rules need `@now`. */
export const URGENCY_RANK = urgencyRank(ATTENTION_CONDITIONS);
/**
 * The same of an order as a row of `triage_changes` kept it (migration 0029), whose `has_request`
 * says what the requests table said then: that order's rank before its change.
 */
export const KEPT_URGENCY_RANK = urgencyRank(conditions('w.has_request = 1'));

/**
 * The orders whose most urgent reason differs between the moments `@from` and `@to`, as `rank_then`
 * and `rank_now`: the clock moves a rule only for Assigned orders whose window's end or start lies
 * between the two (late, at-risk and unconfirmed ending) or whose start comes within reach between
 * them (at-risk, unconfirmed beginning), as `NEXT_TRIAGE_TURN_SQL` says. The bounds are inclusive:
 * an order more is compared, none is missed.
 */
export const CLOCK_MOVES_SQL = `SELECT rank_then, rank_now FROM (
  SELECT ${URGENCY_RANK.replaceAll('@now', '@from')} AS rank_then, ${URGENCY_RANK.replaceAll('@now', '@to')} AS rank_now
  FROM work_orders w WHERE w.status_id = ${ASSIGNED} AND (
    coalesce(w.schedule_end, w.schedule_start) BETWEEN @from AND @to
    OR w.schedule_start BETWEEN @from AND @to
    OR w.schedule_start BETWEEN @from + ${AT_RISK_WITHIN_MS} AND @to + ${AT_RISK_WITHIN_MS}
    OR w.schedule_start BETWEEN @from + ${UNCONFIRMED_WITHIN_MS} AND @to + ${UNCONFIRMED_WITHIN_MS})
) WHERE rank_then <> rank_now`;

/** The same reasons as a JSON array, for an answer built in SQL (the dispatch board's). */
export const ATTENTION_REASONS_JSON = `json('[' || concat_ws(',', ${REASONS.map((reason) => `CASE WHEN ${ATTENTION_CONDITIONS[reason]} THEN '"${reason}"' END`).join(', ')}) || ']')`;
