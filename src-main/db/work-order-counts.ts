import type { Statement } from 'better-sqlite3';
import { WORK_ORDER_LIST_IDS, WORK_ORDER_LIST_MEMBERS, type WorkOrderListId } from '../../src-shared/api/work-order-list';
import type { UrgencyGroup } from '../../src-shared/domain/attention';
import { groupsOf, TRIAGE_VERSION_SQL, urgencyGroups } from './attention-pages';
import { changeKey } from './change-key';
import type { CacheDatabase } from './database';
import { KeptTriage, TRIAGE_WINDOW_MAX_MS } from './kept-triage';
import type { StatementCache } from './statement-cache';
import { ATTENTION_COUNT_SQL, ATTENTION_UNION_COUNT_SQL, NEXT_TRIAGE_TURN_SQL } from './work-order-attention';
import { statusIds } from './work-order-query';

/** During a bulk load the triggers that follow changes wait: a count is kept this long only. */
const LOADING_MEMO_MS = 5_000;

/**
 * The cache's counts every list answer carries, each kept until what it counts changes: the lists'
 * (the kept counts, migration 0019) until any write; the triage queue's groups followed change by
 * change (kept-triage.ts); the attention count their sum, or counted alone while no groups are kept
 * (the navigation's badge at start: 19 ms at a million orders, the groups 42), and kept until what
 * the rules read changes (the triage version, migration 0027) or a minute passes.
 * While a bulk load has the triggers waiting (`loading`), from the orders themselves, per write.
 */
export class WorkOrderCounts {
  readonly #statusCounts: Statement;
  readonly #recountedStatuses: Statement;
  readonly #attentionCount: Statement;
  #listsMemo: { key: string; value: Record<WorkOrderListId, number> } | undefined;
  #attentionMemo: { key: string; value: number } | undefined;
  readonly #triage: KeptTriage;
  /** The clock's stretch over which what the triage rules read holds still, for one triage version. */
  #window: { version: string; from: number; until: number } | undefined;

  constructor(
    private readonly db: CacheDatabase,
    private readonly statements: StatementCache,
    private readonly loading: () => boolean,
  ) {
    // Kept by triggers as orders change (migration 0019): a dozen rows, not a pass over the orders.
    this.#statusCounts = db.prepare('SELECT nullif(status_key, -1) AS status_id, orders AS count, problems FROM work_order_counts');
    this.#recountedStatuses = db.prepare('SELECT status_id, COUNT(*) AS count, SUM(open_problems > 0) AS problems FROM work_orders GROUP BY status_id');
    this.#attentionCount = db.prepare(ATTENTION_COUNT_SQL).pluck();
    this.#triage = new KeptTriage(statements);
  }

  /** How many cached orders each list holds. */
  lists(): Record<WorkOrderListId, number> {
    const key = changeKey(this.db);
    if (this.#listsMemo?.key !== key) this.#listsMemo = { key, value: this.#countLists() };
    return this.#listsMemo.value;
  }

  /** How many cached orders need attention at `now`. */
  attention(now: number): number {
    const kept = this.loading() ? undefined : this.#triage.keptAt(now);
    if (kept) return kept.counts.reduce((sum, count) => sum + count, 0);
    const key = this.#countKey(now);
    // The sum reads the kept counts, which wait with their triggers during a bulk load: the union then.
    const statement = this.loading() ? this.statements.get(ATTENTION_UNION_COUNT_SQL).pluck() : this.#attentionCount;
    if (this.#attentionMemo?.key !== key) this.#attentionMemo = { key, value: statement.get({ now }) as number };
    return this.#attentionMemo.value;
  }

  /** The triage queue's groups, and the clock they were counted at: its pages are read at the same one. */
  triageGroups(now: number): { groups: UrgencyGroup[]; countedAt: number } {
    if (this.loading()) return { groups: urgencyGroups(this.statements, now), countedAt: now };
    const { counts, countedAt } = this.#triage.at(now);
    return { groups: groupsOf(counts), countedAt };
  }

  /** Names what the attention count alone read, at `now`: the triage version and the stretch of the clock over which the rules hold. */
  #countKey(now: number): string {
    if (this.loading()) return `load:${changeKey(this.db)}:${Math.floor(now / LOADING_MEMO_MS)}`;
    const version = String(this.statements.get(TRIAGE_VERSION_SQL).pluck().get());
    let window = this.#window;
    if (window?.version !== version || now < window.from || now >= window.until) {
      const turn = this.statements.get(NEXT_TRIAGE_TURN_SQL).pluck().get({ now }) as number;
      window = this.#window = { version, from: now, until: Math.min(turn, now + TRIAGE_WINDOW_MAX_MS) };
    }
    return `${version}:${window.from}`;
  }

  #countLists(): Record<WorkOrderListId, number> {
    const byStatus = new Map<number | null, number>();
    let problems = 0;
    const statement = this.loading() ? this.#recountedStatuses : this.#statusCounts;
    for (const row of statement.all() as { status_id: number | null; count: number; problems: number }[]) {
      byStatus.set(row.status_id, row.count);
      problems += row.problems;
    }
    const all = [...byStatus.values()].reduce((total, count) => total + count, 0);
    const countOf = (list: WorkOrderListId): number => {
      const rule = WORK_ORDER_LIST_MEMBERS[list];
      if (rule === 'all') return all;
      if (rule === 'problems') return problems;
      return statusIds(rule).reduce((total, id) => total + (byStatus.get(id) ?? 0), 0);
    };
    return Object.fromEntries(WORK_ORDER_LIST_IDS.map((list) => [list, countOf(list)])) as Record<WorkOrderListId, number>;
  }
}
