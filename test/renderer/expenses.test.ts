import { beforeEach, describe, expect, it, vi } from 'vitest';
import { canReviewExpense, expenseActions, expenseTotals, expensesOpen } from '../../src-shared/domain/expenses';
import * as service from '../../src-renderer/services/expenses';
import { toasts } from '../../src-renderer/lib/toasts.svelte';
import { reference } from '../../src-renderer/state/reference.svelte';
import { api, receipt } from './support/fake-api';

vi.mock('../../src-renderer/lib/api', () => import('./support/fake-api'));

/** The cache's reference lists: two expense categories (the same id, told apart by uid), the other lists empty. */
function answerReference() {
  api.answer('reference:get', ({ kind }) =>
    kind === 'expense-categories' ? { kind, entries: [{ uid: 1, id: 1, label: 'Travel' }, { uid: 951, id: 1, label: 'Mileage' }] } : { kind, entries: [] },
  );
  api.answer('clients:list', () => []);
  api.answer('projects:list', () => []);
  api.answer('managers:list', () => []);
}

const EXPENSE_WRITES = ['expenses:add', 'expenses:update', 'expenses:delete', 'expenses:approve', 'expenses:disapprove'] as const;

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
    api.reset();
    answerReference();
    for (const channel of EXPENSE_WRITES) api.answer(channel, () => receipt(1));
    toasts.items = [];
  });

  it('offers the categories the reference store read from the cache, in the cache’s order', async () => {
    await reference.load();
    expect(reference.lists.expenseCategories.map((category) => category.label)).toEqual(['Travel', 'Mileage']);
    expect(api.inputsOf('reference:get')).toContainEqual({ kind: 'expense-categories' });
  });

  it('queues each change on its channel', async () => {
    expect(await service.addExpense(10027, { description: 'Tolls', amount: 6 })).toBe(true);
    await service.updateExpense(10027, 5004, { quantity: 3 });
    await service.approveExpense(10027, 5004);
    await service.disapproveExpense(10027, 5004, 'Not on this job');
    await service.disapproveExpense(10027, 5005);
    await service.deleteExpense(10027, -3);
    expect(api.calls).toEqual([
      ['expenses:add', { workOrderId: 10027, expense: { description: 'Tolls', amount: 6 } }],
      ['expenses:update', { workOrderId: 10027, expenseId: 5004, changes: { quantity: 3 } }],
      ['expenses:approve', { workOrderId: 10027, expenseId: 5004 }],
      ['expenses:disapprove', { workOrderId: 10027, expenseId: 5004, reason: 'Not on this job' }],
      ['expenses:disapprove', { workOrderId: 10027, expenseId: 5005 }],
      ['expenses:delete', { workOrderId: 10027, expenseId: -3 }],
    ]);
  });

  it('toasts a change main refuses and answers false', async () => {
    api.refuse('expenses:approve', 'IPC_INVALID_INPUT', 'Refused by main');
    expect(await service.approveExpense(10027, 5004)).toBe(false);
    expect(toasts.items.map((toast) => [toast.tone, toast.message])).toEqual([['danger', 'Refused by main']]);
  });
});
