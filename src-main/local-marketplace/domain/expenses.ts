import type { Expense, ExpenseBody, ExpenseList, ExpenseStatus, ExpenseSum, ExpenseUpdateBody } from '../../../src-shared/api/expense';
import { roundMoney } from '../../../src-shared/domain/pay-total';
import { expenseActions, expensesOpen } from '../../../src-shared/domain/expenses';
import type { MarketplaceContext } from '../context';
import { invalidInput, notFound } from '../http/errors';
import { preparedStatement } from '../store/database';
import { type CustomExpenseData, SYSTEM_EXPENSE_CATEGORIES } from './company';
import { type Actor, notAllowed } from './work-order-lifecycle';
import { orderTimestamp, personSummary, wholeList } from './work-order-parts';
import type { WorkOrderRecord } from './work-order-record';
import { workOrderRepository } from './work-order-repository';

/**
 * Expenses of a work order (decisions §6). *(Ours:)* they change while the order is open (Draft
 * through Work Done); approval fixes what the provider is paid, so Approved, Paid and Cancelled
 * orders refuse changes with 400. A new expense is `new`; the buyer approves or disapproves it.
 * Those rules live in src-shared/domain/expenses.ts: the app offers only what they allow.
 */

/** Expenses without a category fall under Other *(ours)*. */
const DEFAULT_CATEGORY_ID = 7;

/** One item of PUT workorders/{id}/expenses: the expense's id and what changes. */
export type ExpenseChange = ExpenseUpdateBody & { id: number };

interface ExpenseRow {
  id: number;
  work_order_id: number;
  author_id: number;
  description: string;
  quantity: number;
  unit_amount: number;
  category_id: number;
  company_expense_id: number | null;
  status: ExpenseStatus;
  status_description: string;
  reason: string;
  added_at: number;
}

interface Classification {
  category_id: number;
  company_expense_id: number | null;
}

/** Money in cents, so 37 × 0.67 reads 24.79 and sums do not drift. */


function customExpense(context: MarketplaceContext, companyId: number, id: number): CustomExpenseData | undefined {
  const row = preparedStatement(context, 'SELECT data FROM expense_categories WHERE id = ? AND company_id = ?').get(id, companyId) as { data: string } | undefined;
  return row ? (JSON.parse(row.data) as CustomExpenseData) : undefined;
}

const isSystemCategory = (id: number) => SYSTEM_EXPENSE_CATEGORIES.some((category) => category.id === id);

/**
 * The category and company expense an expense falls under. `category.id` may name a system
 * category (1–7) or, as GET company/expenses lists them by `uid`, one of the company's custom
 * expenses; `company_expense.id` names a custom expense, whose category it then takes.
 */
function classify(context: MarketplaceContext, companyId: number, body: Pick<ExpenseBody, 'category' | 'company_expense'>, prefix = ''): Classification | undefined {
  if (body.company_expense) {
    const id = body.company_expense.id;
    const custom = customExpense(context, companyId, id);
    if (!custom) throw invalidInput(`Company expense ${id} not found`, [`${prefix}company_expense.id`]);
    if (body.category && body.category.id !== custom.category_id && body.category.id !== id) {
      throw invalidInput(`Company expense ${id} is in category ${custom.category_id}, not ${body.category.id}`, [`${prefix}category.id`]);
    }
    return { category_id: custom.category_id, company_expense_id: id };
  }
  if (!body.category) return undefined;
  const id = body.category.id;
  if (isSystemCategory(id)) return { category_id: id, company_expense_id: null };
  const custom = customExpense(context, companyId, id);
  if (!custom) throw invalidInput(`Expense category ${id} not found`, [`${prefix}category.id`]);
  return { category_id: custom.category_id, company_expense_id: id };
}

const isLocked = (record: WorkOrderRecord) => !expensesOpen(record.status);

/** The order, if the caller's company owns it and its expenses may change. */
function editableOrder(context: MarketplaceContext, actor: Actor, workOrderId: number): WorkOrderRecord {
  const record = workOrderRepository(context).findForCompany(actor.companyId, workOrderId);
  if (isLocked(record)) throw notAllowed('change expenses', record.status);
  return record;
}

function expenseRows(context: MarketplaceContext, workOrderId: number): ExpenseRow[] {
  return preparedStatement(context, 'SELECT * FROM work_order_expenses WHERE work_order_id = ? ORDER BY id').all(workOrderId) as ExpenseRow[];
}

function expenseRow(context: MarketplaceContext, workOrderId: number, expenseId: number, field = 'expense_id'): ExpenseRow {
  const row = preparedStatement(context, 'SELECT * FROM work_order_expenses WHERE id = ? AND work_order_id = ?').get(expenseId, workOrderId) as ExpenseRow | undefined;
  if (!row) throw field === 'expense_id' ? notFound(`Expense ${expenseId} of work order ${workOrderId}`) : invalidInput(`Expense ${expenseId} is not on work order ${workOrderId}`, [field]);
  return row;
}

const amountOf = (row: Pick<ExpenseRow, 'quantity' | 'unit_amount'>) => roundMoney(row.quantity * row.unit_amount);

function presentExpense(context: MarketplaceContext, record: WorkOrderRecord, row: ExpenseRow): Expense {
  const category = SYSTEM_EXPENSE_CATEGORIES.find((candidate) => candidate.id === row.category_id);
  const custom = row.company_expense_id === null ? undefined : customExpense(context, record.companyId, row.company_expense_id);
  return {
    id: row.id,
    description: row.description,
    quantity: row.quantity,
    status: row.status,
    status_description: row.status_description,
    category: { id: row.category_id, name: category?.label ?? null },
    added: orderTimestamp(record, row.added_at),
    company_expense:
      custom && row.company_expense_id !== null
        ? { id: row.company_expense_id, expense_amount: custom.amount, hidden_tags: '', api_code: custom.api_code, description: custom.description }
        : null,
    amount: amountOf(row),
    reason: row.reason,
    author: personSummary(context, row.author_id),
    actions: isLocked(record) ? [] : expenseActions(row.status),
  };
}

/** `all` is every expense, `charged` the approved ones, `uncharged` the rest (decisions §6). */
export function expenseSum(context: MarketplaceContext, workOrderId: number): ExpenseSum {
  const rows = expenseRows(context, workOrderId);
  const total = (chosen: ExpenseRow[]) => roundMoney(chosen.reduce((sum, row) => sum + amountOf(row), 0));
  return { all: total(rows), charged: total(rows.filter((row) => row.status === 'approved')), uncharged: total(rows.filter((row) => row.status !== 'approved')) };
}

/** GET workorders/{id}/expenses for an order already loaded; also what an order embeds. */
export function expensesOf(context: MarketplaceContext, record: WorkOrderRecord): ExpenseList {
  const results = expenseRows(context, record.id).map((row) => presentExpense(context, record, row));
  return {
    ...wholeList(results),
    sum: expenseSum(context, record.id),
    actions: isLocked(record) ? [] : ['add'],
  };
}

export function listExpenses(context: MarketplaceContext, companyId: number, workOrderId: number): ExpenseList {
  return expensesOf(context, workOrderRepository(context).findForCompany(companyId, workOrderId));
}

function present(context: MarketplaceContext, record: WorkOrderRecord, expenseId: number): Expense {
  return presentExpense(context, record, expenseRow(context, record.id, expenseId));
}

// Each operation validates when called and answers the work to do, which validates again when it
// runs: with `async=true` it runs after the answer, when the order may have changed.

export function prepareAddExpense(context: MarketplaceContext, actor: Actor, workOrderId: number, body: ExpenseBody): () => Expense {
  const plan = () => {
    const record = editableOrder(context, actor, workOrderId);
    return { record, classification: classify(context, actor.companyId, body) ?? { category_id: DEFAULT_CATEGORY_ID, company_expense_id: null } };
  };
  plan();
  return () =>
    context.db.transaction(() => {
      const { record, classification } = plan();
      const id = preparedStatement(
        context,
        `INSERT INTO work_order_expenses (work_order_id, author_id, description, quantity, unit_amount, category_id, company_expense_id, reason, added_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(record.id, actor.userId, body.description, body.quantity ?? 1, body.amount, classification.category_id, classification.company_expense_id, body.reason ?? '', context.clock.now())
        .lastInsertRowid;
      return present(context, record, Number(id));
    })();
}

/** The row as it will be after the change; a new status without a description clears the old one. */
function changedRow(context: MarketplaceContext, companyId: number, row: ExpenseRow, change: ExpenseUpdateBody, prefix = ''): ExpenseRow {
  const classification = classify(context, companyId, change, prefix);
  const statusChanged = change.status !== undefined && change.status !== row.status;
  return {
    ...row,
    ...classification,
    description: change.description ?? row.description,
    quantity: change.quantity ?? row.quantity,
    unit_amount: change.amount ?? row.unit_amount,
    reason: change.reason ?? row.reason,
    status: change.status ?? row.status,
    status_description: change.status_description ?? (statusChanged ? '' : row.status_description),
  };
}

function saveRow(context: MarketplaceContext, row: ExpenseRow): void {
  preparedStatement(
    context,
    `UPDATE work_order_expenses SET description = @description, quantity = @quantity, unit_amount = @unit_amount, category_id = @category_id,
       company_expense_id = @company_expense_id, status = @status, status_description = @status_description, reason = @reason WHERE id = @id`,
  ).run(row);
}

export function prepareUpdateExpense(context: MarketplaceContext, actor: Actor, workOrderId: number, expenseId: number, change: ExpenseUpdateBody): () => Expense {
  const plan = () => {
    const record = editableOrder(context, actor, workOrderId);
    return { record, row: changedRow(context, actor.companyId, expenseRow(context, record.id, expenseId), change) };
  };
  plan();
  return () =>
    context.db.transaction(() => {
      const { record, row } = plan();
      saveRow(context, row);
      return present(context, record, row.id);
    })();
}

/** PUT workorders/{id}/expenses: every change, or none (one transaction); answers the whole list. */
export function updateExpenses(context: MarketplaceContext, actor: Actor, workOrderId: number, changes: readonly ExpenseChange[]): ExpenseList {
  return context.db.transaction(() => {
    const record = editableOrder(context, actor, workOrderId);
    const seen = new Set<number>();
    const rows = changes.map(({ id, ...change }, index) => {
      if (seen.has(id)) throw invalidInput(`Expense ${id} is listed twice`, [`results.${index}.id`]);
      seen.add(id);
      return changedRow(context, actor.companyId, expenseRow(context, record.id, id, `results.${index}.id`), change, `results.${index}.`);
    });
    rows.forEach((row) => saveRow(context, row));
    return expensesOf(context, record);
  })();
}

/** Answers the expense as it was. */
export function prepareDeleteExpense(context: MarketplaceContext, actor: Actor, workOrderId: number, expenseId: number): () => Expense {
  const plan = () => {
    const record = editableOrder(context, actor, workOrderId);
    return { record, row: expenseRow(context, record.id, expenseId) };
  };
  plan();
  return () =>
    context.db.transaction(() => {
      const { record, row } = plan();
      const answer = presentExpense(context, record, row);
      preparedStatement(context, 'DELETE FROM work_order_expenses WHERE id = ?').run(row.id);
      return answer;
    })();
}
