import { describe, expect, it } from 'vitest';
import { ExpenseBodySchema, ExpenseListSchema, ExpenseUpdateBodySchema } from '../../../src-shared/api/expense';

describe('ExpenseListSchema', () => {
  it('reads expenses with their sum, keeping unknown keys', () => {
    const list = ExpenseListSchema.parse({
      metadata: { total: 1, page: 1, pages: 1, per_page: 1 },
      results: [
        {
          id: 1,
          description: 'Cable',
          quantity: 2,
          status: 'new',
          status_description: '',
          category: { id: 3, name: 'Materials' },
          added: { utc: '2025-04-01 15:00:00' },
          company_expense: { id: 0, expense_amount: 0, hidden_tags: '', api_code: '', description: '' },
          amount: 20,
          reason: 'Needed',
          actions: ['edit'],
          receipt: 'kept',
        },
      ],
      sum: { all: 20, charged: 0, uncharged: 20 },
      actions: ['add'],
    });
    expect(list.sum?.uncharged).toBe(20);
    expect(list.results[0]).toMatchObject({ receipt: 'kept' });
  });
});

describe('expense bodies', () => {
  it('needs a description and a positive unit amount', () => {
    expect(ExpenseBodySchema.safeParse({ description: 'Cable', amount: 10, quantity: 2, category: { id: 3 } }).success).toBe(true);
    expect(ExpenseBodySchema.safeParse({ amount: 10 }).success).toBe(false);
    expect(ExpenseBodySchema.safeParse({ description: 'Cable', amount: -1 }).success).toBe(false);
    expect(ExpenseBodySchema.safeParse({ description: 'Cable', amount: 1, quantity: 1.5 }).success).toBe(false);
    expect(ExpenseBodySchema.safeParse({ description: 'Cable', amount: 1, status: 'approved' }).success).toBe(false);
  });

  it('updates any subset, including the review status', () => {
    expect(ExpenseUpdateBodySchema.safeParse({ status: 'approved' }).success).toBe(true);
    expect(ExpenseUpdateBodySchema.safeParse({ status: 'charged' }).success).toBe(false);
    expect(ExpenseUpdateBodySchema.safeParse({}).success).toBe(false);
  });
});
