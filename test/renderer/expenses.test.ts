import { beforeEach, describe, expect, it, vi } from 'vitest';
import { canReviewExpense, expenseActions, expenseTotals, expensesOpen } from '../../src-shared/domain/expenses';

// The renderer's one door to main, faked: every call recorded; a channel can be made to refuse.
const fake = vi.hoisted(() => ({ calls: [] as [string, unknown][], refuse: undefined as string | undefined }));
vi.mock('../../src-renderer/lib/api', () => ({
  invoke: async (channel: string, input?: unknown) => {
    fake.calls.push([channel, input]);
    if (channel === fake.refuse) {
      const { AppError } = await import('../../src-shared/errors');
      throw new AppError('IPC_INVALID_INPUT', 'Refused by main');
    }
    if (channel === 'reference:get') return { kind: 'expense-categories', entries: [{ uid: 1, id: 1, label: 'Travel' }, { uid: 951, id: 1, label: 'Mileage' }] };
    return { entryId: '00000000-0000-4000-8000-000000000000' };
  },
  on: () => () => undefined,
}));

const service = await import('../../src-renderer/services/expenses');
const { toasts } = await import('../../src-renderer/lib/toasts.svelte');

describe('the shared expense rules', () => {
  it('keep expenses open from Draft through Work Done, fixed once approved, paid or cancelled', () => {
    expect(['created', 'published', 'routed', 'assigned', 'workdone'].every((status) => expensesOpen(status as never))).toBe(true);
    expect(['approved', 'paid', 'canceled'].some((status) => expensesOpen(status as never))).toBe(false);
  });

  it('offer approve to waiting and disapproved expenses, disapprove to waiting and approved ones', () => {
    expect([canReviewExpense('new', 'approve'), canReviewExpense(null, 'approve'), canReviewExpense('disapproved', 'approve'), canReviewExpense('approved', 'approve')]).toEqual([true, true, true, false]);
    expect([canReviewExpense('new', 'deny'), canReviewExpense('approved', 'deny'), canReviewExpense('disapproved', 'deny')]).toEqual([true, true, false]);
    // The marketplace's actions for each expense come from the same table.
    expect(expenseActions('new')).toEqual(['edit', 'delete', 'approve', 'deny']);
    expect(expenseActions('approved')).toEqual(['edit', 'delete', 'deny', 'reopen']);
  });

  it('sum all, approved, waiting and disapproved expenses in cents', () => {
    const totals = expenseTotals([
      { amount: 41.54, status: 'approved' },
      { amount: 38.5, status: 'new' },
      { amount: 14.25, status: 'disapproved' },
      { amount: 0.1, status: null },
      { amount: 0.2 },
    ]);
    expect(totals).toEqual({ all: 94.59, approved: 41.54, waiting: 38.8, disapproved: 14.25 });
  });
});

describe('the expenses service', () => {
  beforeEach(() => {
    fake.calls = [];
    fake.refuse = undefined;
    toasts.items = [];
  });

  it('reads the categories from the reference data and queues each change on its channel', async () => {
    expect((await service.listExpenseCategories()).map((category) => category.label)).toEqual(['Travel', 'Mileage']);
    expect(await service.addExpense(10027, { description: 'Tolls', amount: 6 })).toBe(true);
    await service.updateExpense(10027, 5004, { quantity: 3 });
    await service.approveExpense(10027, 5004);
    await service.disapproveExpense(10027, 5004, 'Not on this job');
    await service.disapproveExpense(10027, 5005);
    await service.deleteExpense(10027, -3);
    expect(fake.calls).toEqual([
      ['reference:get', { kind: 'expense-categories' }],
      ['expenses:add', { workOrderId: 10027, expense: { description: 'Tolls', amount: 6 } }],
      ['expenses:update', { workOrderId: 10027, expenseId: 5004, changes: { quantity: 3 } }],
      ['expenses:approve', { workOrderId: 10027, expenseId: 5004 }],
      ['expenses:disapprove', { workOrderId: 10027, expenseId: 5004, reason: 'Not on this job' }],
      ['expenses:disapprove', { workOrderId: 10027, expenseId: 5005 }],
      ['expenses:delete', { workOrderId: 10027, expenseId: -3 }],
    ]);
  });

  it('toasts a change main refuses and answers false', async () => {
    fake.refuse = 'expenses:approve';
    expect(await service.approveExpense(10027, 5004)).toBe(false);
    expect(toasts.items.map((toast) => [toast.tone, toast.message])).toEqual([['danger', 'Refused by main']]);
  });
});
