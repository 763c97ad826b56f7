import { describe, expect, it } from 'vitest';
import { ExpenseListSchema } from '../../src-shared/api/expense';
import { ProblemsAnswerSchema } from '../../src-shared/api/problem';
import { TalentPoolAttributeSchema } from '../../src-shared/api/talent-pool';
import type { Marketplace } from '../../src-main/local-marketplace/server';
import { seedBuyerRecords } from '../../src-main/local-marketplace/seed/buyer-records';
import { testMarketplace } from './support';

// The demo's expenses, problems and talent pool attributes (seed/buyer-records.ts).

/** Seeds them unless the demo seed already did (once seed/index.ts calls seedBuyerRecords). */
function withBuyerRecords(marketplace: Marketplace): void {
  const seeded = marketplace.context.db.prepare('SELECT 1 FROM work_order_expenses WHERE id = 5001').get();
  if (!seeded) marketplace.context.db.transaction(() => seedBuyerRecords(marketplace.context))();
}

describe('seedBuyerRecords', () => {
  it('puts expenses on assigned, done, approved and paid orders, consistent with their status', async () => {
    const { marketplace, rest } = await testMarketplace();
    withBuyerRecords(marketplace);
    const done = ExpenseListSchema.parse((await rest('GET', 'workorders/10027/expenses')).body);
    expect(done.sum).toEqual({ all: 94.29, charged: 41.54, uncharged: 52.75 });
    expect(done.results.map((expense) => expense.status)).toEqual(['approved', 'new', 'disapproved']);
    expect(done.results[0]).toMatchObject({ company_expense: { id: 952, api_code: 'MILEAGE' }, author: { id: 3008 } });
    expect((await rest('GET', 'workorders/10034/pay')).body).toMatchObject({ labor_sum: 650, total: 695 });
    expect((await rest('GET', 'workorders/10031/expenses')).body.actions).toEqual([]);
  });

  it('reports problems, one of them resolved; the orders with open ones are in workorders_problem', async () => {
    const { marketplace, rest } = await testMarketplace();
    withBuyerRecords(marketplace);
    const listed = await rest('GET', 'workorders?list=workorders_problem&sort=id&order=asc');
    expect(listed.body.results.map((order: { id: number }) => order.id)).toEqual([10012, 10024]);
    const resolved = ProblemsAnswerSchema.parse((await rest('GET', 'workorders/10035/problems')).body);
    expect(resolved.results).toMatchObject([{ id: 6003, type: { id: 44 }, resolution: { status: 'resolved', by: { id: 2003 } } }]);
  });

  it('gives attributes to members of pools 811 and 813', async () => {
    const { marketplace, rest } = await testMarketplace();
    withBuyerRecords(marketplace);
    const answer = await rest('GET', 'talent-pools/813/providers/3009/attributes');
    expect(answer.body.results.map((attribute: unknown) => TalentPoolAttributeSchema.parse(attribute).name)).toEqual(['HIPAA training', 'Hospital badge']);
    expect((await rest('GET', 'talent-pools/811/providers/3001/attributes')).body.metadata.total).toBe(2);
  });
});
