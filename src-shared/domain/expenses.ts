import type { ExpenseStatus } from '../api/expense';
import type { StatusSlug } from '../api/status';
import { roundMoney } from './pay-total';

/*
 * Rules about a work order's expenses that the app and the local marketplace share (decisions §6,
 * ours): when they may change, and what the buyer may do with each one.
 */

/** Approval fixes what the provider is paid: Approved, Paid and Cancelled orders refuse expense changes. */
export const EXPENSES_LOCKED_STATUSES: readonly StatusSlug[] = ['approved', 'paid', 'canceled'];

/** Whether expenses may be added, edited, reviewed or deleted on an order in this status (Draft through Work Done). */
export function expensesOpen(status: StatusSlug): boolean {
  return !EXPENSES_LOCKED_STATUSES.includes(status);
}

/** The buyer's review of an expense: `deny` disapproves it, `reopen` sets it back to `new`. */
export type ExpenseReview = 'approve' | 'deny' | 'reopen';

const REVIEWS: Readonly<Record<ExpenseStatus, readonly ExpenseReview[]>> = {
  new: ['approve', 'deny'],
  approved: ['deny', 'reopen'],
  disapproved: ['approve', 'reopen'],
};

/** What the buyer may do with one expense of an open order: edit, delete, and review it either way. */
export function expenseActions(status: ExpenseStatus): string[] {
  return ['edit', 'delete', ...REVIEWS[status]];
}

/** Whether an expense in this status may be approved, or disapproved (an unknown status counts as new). */
export function canReviewExpense(status: string | null | undefined, review: ExpenseReview): boolean {
  const known = status === 'approved' || status === 'disapproved' ? status : 'new';
  return REVIEWS[known].includes(review);
}

/** The sums a coordinator reads: every expense, the approved, the waiting (new) and the disapproved ones. */
export interface ExpenseTotals {
  all: number;
  approved: number;
  waiting: number;
  disapproved: number;
}

export function expenseTotals(expenses: readonly { amount?: number | null; status?: string | null }[]): ExpenseTotals {
  const total = (status?: string) =>
    roundMoney(expenses.filter((expense) => status === undefined || (expense.status ?? 'new') === status).reduce((sum, expense) => sum + (expense.amount ?? 0), 0));
  return { all: total(), approved: total('approved'), waiting: total('new'), disapproved: total('disapproved') };
}
