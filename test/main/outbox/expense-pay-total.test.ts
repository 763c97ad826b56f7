import { describe, expect, it } from 'vitest';
import type { WorkOrderDetail } from '../../../src-shared/ipc/channels';
import { outboxApp, until } from './support';

/** Work done, with expenses waiting for approval (demo seed). */
const WITH_EXPENSES = 10027;

describe('an expense approved through the outbox', () => {
  it('brings the order’s pay total, which counts approved expenses, up to the marketplace’s', async () => {
    const { call, drained, marketOrder } = await outboxApp();
    const before = await call<WorkOrderDetail>('workorders:detail', { id: WITH_EXPENSES });
    const waiting = before.expenses.find((expense) => expense.status === 'new' && (expense.amount ?? 0) > 0);
    if (!waiting) throw new Error('the demo order has no expense waiting');
    const totalBefore = ((await marketOrder(WITH_EXPENSES)).pay as { total: number }).total;

    await call('expenses:approve', { workOrderId: WITH_EXPENSES, expenseId: waiting.id });
    await drained();

    const theirs = ((await marketOrder(WITH_EXPENSES)).pay as { total: number }).total;
    expect(theirs).toBeCloseTo(totalBefore + (waiting.amount ?? 0), 2);
    // Without a refresh of the order the cache kept the total from before the approval.
    // The order is fetched after its entry leaves the outbox: polled, with a deadline.
    await until(
      () => call<WorkOrderDetail>('workorders:detail', { id: WITH_EXPENSES }),
      (detail) => detail.order.pay?.total === theirs,
      'the cached pay total to follow the approval',
      5_000,
    );
  });
});
