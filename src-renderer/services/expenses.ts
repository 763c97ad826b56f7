import type { ExpenseBody, ExpenseUpdateBody } from '../../src-shared/api/expense';
import { invoke } from '../lib/api';
import { showError } from '../lib/errors';

/**
 * The expenses of an order: categories from the reference data the last pull stored (offline too),
 * and every change queued in the outbox, which answers at once, applies it to the cached order and
 * marks it pending. A refusal by main (bad input, a closing app) is toasted and answers false; a
 * refusal by the marketplace later comes back through the outbox's refusal toasts.
 */

async function queue(write: () => Promise<unknown>, failed: string): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    showError(error, failed);
    return false;
  }
}

export function addExpense(workOrderId: number, expense: ExpenseBody): Promise<boolean> {
  return queue(() => invoke('expenses:add', { workOrderId, expense }), 'The expense could not be queued.');
}

export function updateExpense(workOrderId: number, expenseId: number, changes: ExpenseUpdateBody): Promise<boolean> {
  return queue(() => invoke('expenses:update', { workOrderId, expenseId, changes }), 'The change to the expense could not be queued.');
}

export function deleteExpense(workOrderId: number, expenseId: number): Promise<boolean> {
  return queue(() => invoke('expenses:delete', { workOrderId, expenseId }), 'The expense could not be deleted.');
}

export function approveExpense(workOrderId: number, expenseId: number): Promise<boolean> {
  return queue(() => invoke('expenses:approve', { workOrderId, expenseId }), 'The approval could not be queued.');
}

export function disapproveExpense(workOrderId: number, expenseId: number, reason?: string): Promise<boolean> {
  return queue(() => invoke('expenses:disapprove', { workOrderId, expenseId, ...(reason ? { reason } : {}) }), 'The disapproval could not be queued.');
}
