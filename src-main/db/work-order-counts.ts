import type { Statement } from 'better-sqlite3';
import { WORK_ORDER_LIST_IDS, WORK_ORDER_LIST_MEMBERS, type WorkOrderListId } from '../../src-shared/api/work-order-list';
import type { UrgencyGroup } from '../../src-shared/domain/attention';
import { groupsOf, urgencyGroups } from './attention-pages';
import { changeKey } from './change-key';
import type { CacheDatabase } from './database';
import { KeptTriage } from './kept-triage';
import type { StatementCache } from './statement-cache';
import { ATTENTION_UNION_COUNT_SQL } from './work-order-attention';
import { statusIds } from './work-order-query';

/** During a bulk load the triggers that follow changes wait: a count is kept this long only. */
const LOADING_MEMO_MS = 5_000;

/**
 * The cache's counts every list answer carries, each kept until what it counts changes: the lists'
 * (the kept counts, migration 0019) until any write; the triage queue's groups followed change by
 * change and along the clock (kept-triage.ts), and the attention count their sum.
 * While a bulk load has the triggers waiting (`loading`), from the orders themselves.
 */
export class WorkOrderCounts {
  readonly #statusCounts: Statement;
  readonly #recountedStatuses: Statement;
  #listsMemo: { key: string; value: Record<WorkOrderListId, number> } | undefined;
  #loadingMemo: { key: string; value: number } | undefined;
  readonly #triage: KeptTriage;

  constructor(
    private readonly db: CacheDatabase,
    private readonly statements: StatementCache,
    private readonly loading: () => boolean,
  ) {
    // Kept by triggers as orders change (migration 0019): a dozen rows, not a pass over the orders.
    this.#statusCounts = db.prepare('SELECT nullif(status_key, -1) AS status_id, orders AS count, problems FROM work_order_counts');
    this.#recountedStatuses = db.prepare('SELECT status_id, COUNT(*) AS count, SUM(open_problems > 0) AS problems FROM work_orders GROUP BY status_id');
    this.#triage = new KeptTriage(statements);
  }

  /** How many cached orders each list holds. */
  lists(): Record<WorkOrderListId, number> {
    const key = changeKey(this.db);
    if (this.#listsMemo?.key !== key) this.#listsMemo = { key, value: this.#countLists() };
    return this.#listsMemo.value;
  }

  /**
   * How many cached orders need attention at `now`: the sum of the triage queue's groups, kept and
   * followed (kept-triage.ts). During a bulk load, whose kept counts wait with their triggers, the
   * union's count, kept a few seconds for the cache's state.
   */
  attention(now: number): number {
    if (!this.loading()) return this.#triage.at(now).counts.reduce((sum, count) => sum + count, 0);
    const key = `${changeKey(this.db)}:${Math.floor(now / LOADING_MEMO_MS)}`;
    if (this.#loadingMemo?.key !== key) this.#loadingMemo = { key, value: this.statements.get(ATTENTION_UNION_COUNT_SQL).pluck().get({ now }) as number };
    return this.#loadingMemo.value;
  }

  /** The triage queue's groups, and the clock they were counted at: its pages are read at the same one. */
  triageGroups(now: number): { groups: UrgencyGroup[]; countedAt: number } {
    if (this.loading()) return { groups: urgencyGroups(this.statements, now), countedAt: now };
    const { counts, countedAt } = this.#triage.at(now);
    return { groups: groupsOf(counts), countedAt };
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
