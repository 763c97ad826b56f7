import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { ExpenseForm, bodyOf, fieldsOf } from '../../src-renderer/views/work-order-detail/sections/expense-form.svelte';

// The expense form's state: the shared ExpenseBodySchema is its only rule, each issue on its field.
describe('ExpenseForm', () => {
  it('shows the shared schema’s problems on their fields only once the coordinator tried to save', () => {
    const cleanup = $effect.root(() => {
      const form = new ExpenseForm();
      form.fields.description = '  ';
      form.fields.amount = '0';
      form.fields.quantity = '1.5';
      flushSync();
      expect(form.problem('description')).toBeUndefined();
      expect(form.submitAdd()).toBeUndefined();
      expect(form.problem('description')).toBe('Required');
      expect(form.problem('amount')).toBe('Must be more than 0');
      expect(form.problem('quantity')).toEqual(expect.any(String));
      form.fields.amount = 'twelve';
      flushSync();
      expect(form.problem('amount')).toBe('Enter a number');

      form.fields.description = 'Ladder rental';
      form.fields.amount = '45.5';
      form.fields.quantity = '2';
      form.fields.category = '951';
      flushSync();
      expect(form.problem('amount')).toBeUndefined();
      expect(form.submitAdd()).toEqual({ description: 'Ladder rental', amount: 45.5, quantity: 2, category: { id: 951 } });
    });
    cleanup();
  });

  it('starts an edit from the expense and sends only what changed', () => {
    const expense = { id: 5003, description: 'Mileage beyond 50 miles', quantity: 62, amount: 41.54, status: 'approved', category: { id: 1, name: 'Travel' }, company_expense: { id: 952 }, reason: '' };
    expect(fieldsOf(expense)).toEqual({ description: 'Mileage beyond 50 miles', amount: '0.67', quantity: '62', category: '952', reason: '' });
    const cleanup = $effect.root(() => {
      const form = new ExpenseForm(expense);
      expect(form.editing).toBe(true);
      expect(form.submitEdit()).toBeNull();
      form.fields.quantity = '70';
      form.fields.reason = 'A detour around roadworks';
      flushSync();
      expect(form.submitEdit()).toEqual({ quantity: 70, reason: 'A detour around roadworks' });
    });
    cleanup();
  });

  it('leaves blank optional fields out of the body', () => {
    expect(bodyOf({ description: 'Tolls', amount: '6', quantity: '', category: '', reason: ' ' })).toEqual({ description: 'Tolls', amount: 6 });
  });
});

