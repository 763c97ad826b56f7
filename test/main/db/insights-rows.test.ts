import { describe, expect, it } from 'vitest';
import type { PayInput } from '../../../src-shared/api/pay';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { laborSum } from '../../../src-shared/domain/pay-total';
import { openCache } from '../../../src-main/db/database';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';

const problem = (id: number, status: string) => ({ id, type: { id: 25, name: 'Provider late' }, resolution: { status } });

describe('the rows Insights aggregates, written with each order', () => {
  it('follow an order as it is written, replaced and removed', () => {
    const db = openCache(':memory:');
    const repository = new WorkOrderRepository(db);
    const order = {
      id: 61,
      pay: { type: 'fixed', base: { amount: 240 } },
      milestones: { created: { utc: '2026-03-02 08:00:00' }, assigned: { utc: '2026-03-03 08:00:00' }, workdone: { utc: null } },
      problems: { results: [problem(7001, 'open'), problem(7002, 'resolved'), { id: 'not a number' }] },
    } as unknown as WorkOrder;
    repository.upsertMany([order]);
    expect(db.prepare('SELECT created_at, assigned_at, workdone_at, pay_committed FROM work_order_insights').all()).toEqual([
      { created_at: Date.UTC(2026, 2, 2, 8), assigned_at: Date.UTC(2026, 2, 3, 8), workdone_at: null, pay_committed: 240 },
    ]);
    const problems = () => db.prepare('SELECT problem_id, resolved FROM work_order_problems ORDER BY problem_id').all();
    expect(problems()).toEqual([
      { problem_id: 7001, resolved: 0 },
      { problem_id: 7002, resolved: 1 },
    ]);
    repository.upsertMany([{ ...order, problems: { results: [problem(7001, 'resolved')] } } as WorkOrder]);
    expect(problems()).toEqual([{ problem_id: 7001, resolved: 1 }]);
    repository.remove(61);
    expect(db.prepare('SELECT COUNT(*) FROM work_order_insights').pluck().get()).toBe(0);
    expect(problems()).toEqual([]);
  });

  it('commit the pay laborSum says, for every pay type', () => {
    const pays: PayInput[] = [
      { type: 'fixed', base: { amount: 240 } },
      { type: 'hourly', base: { amount: 55, units: 5 } },
      { type: 'device', base: { amount: 12.5, units: 7 } },
      { type: 'blended', base: { amount: 100, units: 2 }, additional: { amount: 33.33, units: 3 } },
    ];
    const db = openCache(':memory:');
    new WorkOrderRepository(db).upsertMany(pays.map((pay, index) => ({ id: index + 1, pay }) as WorkOrder));
    expect(db.prepare('SELECT pay_committed FROM work_order_insights ORDER BY work_order_id').pluck().all()).toEqual(pays.map(laborSum));
  });
});
