import { describe, expect, it } from 'vitest';
import type { WorkOrderDetail } from '../../../src-shared/ipc/channels';
import type { OutboxReceipt } from '../../../src-shared/ipc/write-channels';
import { outboxApp, until } from './support';

/** Work done, with three expenses (demo seed): it takes more. */
const WITH_EXPENSES = 10027;

describe('an expense queued with a unit amount and a quantity', () => {
  it('shows to the cent at once, as the marketplace will store it, and the sums follow to the cent', async () => {
    const { call } = await outboxApp();
    await call('connectivity:set-offline', { offline: true });
    await call<OutboxReceipt>('expenses:add', { workOrderId: WITH_EXPENSES, expense: { description: 'Cable ties, three packs', amount: 0.1, quantity: 3 } });
    const detail = await call<WorkOrderDetail>('workorders:detail', { id: WITH_EXPENSES });
    const added = detail.expenses.find((expense) => expense.description === 'Cable ties, three packs');
    expect(added?.id).toBeLessThan(0);
    // 0.1 × 3 is 0.30000000000000004 in floating point; the marketplace answers 0.3.
    expect(added?.amount).toBe(0.3);
    const cents = (value: number | null | undefined) => Math.round((value ?? 0) * 100) / 100;
    for (const sum of [detail.expenseSum?.all, detail.expenseSum?.charged, detail.expenseSum?.uncharged]) expect(sum).toBe(cents(sum));

    await call('connectivity:set-offline', { offline: false });
    const sent = await until(
      () => call<WorkOrderDetail>('workorders:detail', { id: WITH_EXPENSES }),
      (answer) => answer.expenses.some((expense) => expense.description === 'Cable ties, three packs' && expense.id > 0),
      'the expense on the marketplace',
    );
    expect(sent.expenses.filter((expense) => expense.description === 'Cable ties, three packs').map((expense) => expense.amount)).toEqual([0.3]);
  });
});
