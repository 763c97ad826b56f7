import type { Statement } from 'better-sqlite3';
import type { PayInput } from '../../src-shared/api/pay';
import type { WorkOrder } from '../../src-shared/api/work-order';
import { laborSum } from '../../src-shared/domain/pay-total';
import { finite, text } from './column-values';
import type { CacheDatabase } from './database';
import { utcToEpochMs, type WorkOrderRow } from './work-order-columns';

const MILESTONES = ['created', 'published', 'assigned', 'workdone', 'approved', 'canceled'] as const;

/** The labour an order commits (`laborSum`), or null when its pay says no amount. */
function payCommitted(pay: WorkOrder['pay']): number | null {
  const amount = finite(pay?.base?.amount);
  if (amount === null) return null;
  const units = finite(pay?.base?.units);
  const additional = pay?.additional;
  const extraAmount = finite(additional?.amount);
  const extraUnits = finite(additional?.units);
  const sum: number | undefined = laborSum({
    type: (text(pay?.type) ?? 'fixed') as PayInput['type'],
    base: { amount, ...(units === null ? {} : { units }) },
    ...(extraAmount === null ? {} : { additional: { amount: extraAmount, ...(extraUnits === null ? {} : { units: extraUnits }) } }),
  } as PayInput);
  // A pay type the contract does not name pays its base amount, as far as the cache can tell.
  return sum ?? amount;
}

/** The order's columns a period's aggregates read besides these (migration 0012). */
const ROW_COLUMNS = ['schedule_start', 'schedule_end', 'status_id', 'client_id', 'type_of_work_id'] as const satisfies readonly (keyof WorkOrderRow)[];
const COLUMNS = ['created_at', 'published_at', 'assigned_at', 'workdone_at', 'approved_at', 'canceled_at', 'pay_committed', ...ROW_COLUMNS];

/** Milestone moments (epoch ms), committed pay and the row's period columns: a row of work_order_insights, in column order. */
export function insightsValues(order: WorkOrder, row: WorkOrderRow): (number | null)[] {
  const milestones = (order.milestones ?? {}) as Record<string, { utc?: string | null } | null | undefined>;
  return [order.id, ...MILESTONES.map((slug) => utcToEpochMs(milestones[slug]?.utc)), payCommitted(order.pay), ...ROW_COLUMNS.map((column) => row[column])];
}

/** Problems with an id, resolved as the open-problem count reads them (work-order-columns.ts), each with its order's period columns (migration 0023). */
export function problemValues(order: WorkOrder, row: Pick<WorkOrderRow, 'schedule_start' | 'client_id' | 'type_of_work_id'>): (number | string | null)[][] {
  const results = Array.isArray(order.problems?.results) ? order.problems.results : [];
  const seen = new Set<number>();
  return results.flatMap((problem) => {
    const id = finite(problem?.id);
    if (id === null || !Number.isInteger(id) || seen.has(id)) return [];
    seen.add(id);
    const resolved = (problem as { resolved?: unknown }).resolved === true || problem.resolution?.status === 'resolved';
    return [[order.id, id, finite(problem.type?.id), text(problem.type?.name), resolved ? 1 : 0, row.schedule_start, row.client_id, row.type_of_work_id]];
  });
}

/**
 * Keeps work_order_insights and work_order_problems (migrations 0010, 0012) true as orders are written:
 * the repository calls it inside its write transaction, with the order it has already parsed, so
 * 100,000 orders of a first sync cost no second read of their JSON.
 */
export class InsightsWriter {
  readonly #upsert: Statement;
  readonly #deleteProblems: Statement;
  readonly #insertProblem: Statement;

  constructor(db: CacheDatabase) {
    const columns = COLUMNS;
    this.#upsert = db.prepare(
      `INSERT INTO work_order_insights (work_order_id, ${columns.join(', ')}) VALUES (${['?', ...columns.map(() => '?')].join(', ')})
       ON CONFLICT (work_order_id) DO UPDATE SET ${columns.map((column) => `${column} = excluded.${column}`).join(', ')}`,
    );
    this.#deleteProblems = db.prepare('DELETE FROM work_order_problems WHERE work_order_id = ?');
    this.#insertProblem = db.prepare('INSERT INTO work_order_problems (work_order_id, problem_id, type_id, type_name, resolved, schedule_start, client_id, type_of_work_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  }

  /** `replaced`: the order was cached before, so problems it no longer has must go. */
  write(order: WorkOrder, row: WorkOrderRow, replaced: boolean): void {
    this.#upsert.run(insightsValues(order, row));
    if (replaced) this.#deleteProblems.run(order.id);
    for (const values of problemValues(order, row)) this.#insertProblem.run(values);
  }
}
