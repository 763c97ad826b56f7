import { TRIAGE_REASONS } from '../../src-shared/domain/attention';
import { TRIAGE_VERSION_SQL, urgencyCounts } from './attention-pages';
import type { StatementCache } from './statement-cache';
import { CLOCK_MOVES_SQL, KEPT_URGENCY_RANK, NEXT_ORDER_TURN_SQL, NEXT_TRIAGE_TURN_SQL, URGENCY_RANK } from './work-order-attention';

/**
 * The attention rules compare times with now: counts are right until a rule can next turn for some
 * order (`NEXT_TRIAGE_TURN_SQL`), and are looked at again a minute later at most; they are then
 * moved past the turns (`CLOCK_MOVES_SQL`). Recounting every 5 s instead cost a list answer 40 ms
 * every 5 s at a million orders.
 */
const TRIAGE_WINDOW_MAX_MS = 60_000;
/** More changes than this since the count: counting again costs less than following each. */
const MOST_CHANGES = 256;
/**
 * A clock moved further than this since the count (the machine asleep) is counted afresh: the
 * groups are never carried along by their moves alone for long.
 */
const LONGEST_ADVANCE_MS = 15 * 60_000;

/** The triage queue's groups as counted at `countedAt`, right until `until`, for one triage version. */
export interface TriageCount {
  /** Orders each reason leads, by rank (TRIAGE_REASONS' order). */
  counts: readonly number[];
  countedAt: number;
}

interface Kept extends TriageCount {
  counts: number[];
  until: number;
  version: number;
  /** The last row of `triage_changes` the counts include. */
  seq: number;
}

const CHANGES_SQL = `SELECT w.seq, w.id, w.existed, ${KEPT_URGENCY_RANK} AS rank FROM triage_changes w WHERE w.seq > @seq ORDER BY w.seq`;
const ORDER_RANK_SQL = `SELECT ${URGENCY_RANK} FROM work_orders w WHERE w.id = @id`;
const LAST_CHANGE_SQL = 'SELECT coalesce(max(seq), 0) FROM triage_changes';

/** An order leaves the group of its rank then and joins that of its rank now; a rank past the reasons (or none) is no group. */
function moveOrder(counts: number[], then: number | undefined, current: number | undefined): void {
  if (then !== undefined && then < TRIAGE_REASONS.length) counts[then] = (counts[then] ?? 0) - 1;
  if (current !== undefined && current < TRIAGE_REASONS.length) counts[current] = (counts[current] ?? 0) + 1;
}

/**
 * The triage queue's groups, counted once and then brought up to date order by order as what the
 * rules read changes (migration 0029 keeps each changed order's row as it was): the order's rank
 * then leaves its group, its rank now joins one. The clock passing a turn moves the orders it
 * turned the same way. Counted again when a change is not known well enough to follow (an order
 * removed, a bulk load's end), after many changes, or after a long gap. At a million orders a count
 * takes 42 ms, following a change well under one.
 */
export class KeptTriage {
  #kept: Kept | undefined;

  constructor(private readonly statements: StatementCache) {}

  /** The groups right at `now`: the kept ones, brought up to date, or counted at `now`. */
  at(now: number): TriageCount {
    return this.keptAt(now) ?? (this.#kept = this.#count(now));
  }

  /**
   * The kept groups brought to `now` without a count, else undefined: first the changes since (as
   * at the moment they were counted at), then the clock, when it passed a turn.
   */
  keptAt(now: number): TriageCount | undefined {
    const kept = this.#kept;
    if (!kept || now < kept.countedAt) return undefined;
    const version = this.#version();
    if ((kept.version !== version && !this.#follow(kept, version)) || (now >= kept.until && !this.#advance(kept, now))) {
      // Not to be tried again at every ask: the next `at` counts afresh.
      this.#kept = undefined;
      return undefined;
    }
    return kept;
  }

  #version(): number {
    return Number(this.statements.get(TRIAGE_VERSION_SQL).pluck().get());
  }

  // One connection writes the cache, this one, on this thread: the version, the last change and the
  // counts read here one after another all see the same cache.
  #count(now: number): Kept {
    const version = this.#version();
    const seq = this.statements.get(LAST_CHANGE_SQL).pluck().get() as number;
    const turn = this.statements.get(NEXT_TRIAGE_TURN_SQL).pluck().get({ now }) as number;
    return { counts: urgencyCounts(this.statements, now), countedAt: now, until: Math.min(turn, now + TRIAGE_WINDOW_MAX_MS), version, seq };
  }

  /** Brings `kept` to `version` by the changes since; false (nothing changed) when they cannot be followed. */
  #follow(kept: Kept, version: number): boolean {
    if (version < kept.version || version - kept.version > MOST_CHANGES) return false;
    const changes = this.statements.get(CHANGES_SQL).all({ seq: kept.seq, now: kept.countedAt }) as { seq: number; id: number; existed: number; rank: number }[];
    // One row per move of the version: a move without one (a bulk load's end) or rows already pruned.
    if (changes.length !== version - kept.version || changes.some((change) => change.existed < 0)) return false;
    // Each order's first row is how it was when counted; its rank now is read from its row now.
    const before = new Map<number, number | undefined>();
    for (const change of changes) if (!before.has(change.id)) before.set(change.id, change.existed === 1 ? change.rank : undefined);
    const counts = [...kept.counts];
    let until = kept.until;
    for (const [id, rank] of before) {
      moveOrder(counts, rank, this.statements.get(ORDER_RANK_SQL).pluck().get({ id, now: kept.countedAt }) as number | undefined);
      until = Math.min(until, this.statements.get(NEXT_ORDER_TURN_SQL).pluck().get({ id, now: kept.countedAt }) as number);
    }
    Object.assign(kept, { counts, until, version, seq: changes.at(-1)?.seq ?? kept.seq });
    return true;
  }

  /**
   * Moves `kept` to `now`, past the turns between: the orders whose rank the clock changed
   * (`CLOCK_MOVES_SQL`, a few at each turn) leave one group for another. After a long gap (the app
   * asleep) counting again costs less; false then, nothing changed.
   */
  #advance(kept: Kept, now: number): boolean {
    if (now - kept.countedAt > LONGEST_ADVANCE_MS) return false;
    const counts = [...kept.counts];
    for (const { rank_then: then, rank_now: current } of this.statements.get(CLOCK_MOVES_SQL).all({ from: kept.countedAt, to: now }) as { rank_then: number; rank_now: number }[]) {
      moveOrder(counts, then, current);
    }
    const turn = this.statements.get(NEXT_TRIAGE_TURN_SQL).pluck().get({ now }) as number;
    Object.assign(kept, { counts, countedAt: now, until: Math.min(turn, now + TRIAGE_WINDOW_MAX_MS) });
    return true;
  }
}
