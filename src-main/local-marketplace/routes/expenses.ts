import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { WorkerAnswerSchema } from '../../../src-shared/api/auto-dispatch';
import { ExpenseBodySchema, ExpenseListSchema, ExpenseSchema, ExpenseUpdateBodySchema } from '../../../src-shared/api/expense';
import { AsyncQuerySchema, jsonField } from '../../../src-shared/api/form-fields';
import { nowOrLater } from '../background-work';
import type { MarketplaceContext } from '../context';
import { listExpenses, prepareAddExpense, prepareDeleteExpense, prepareUpdateExpense, updateExpenses } from '../domain/expenses';
import { acceptingForms, readJsonText } from '../http/form-body';
import { IdParam, route } from '../http/route';
import { WorkOrderParams } from './work-orders-input';

const tag = 'Expenses';
const ExpenseParams = WorkOrderParams.extend({ expense_id: IdParam });

/**
 * Decisions §5: a parameter the spec calls JSON, such as an expense, may also come as one form
 * field holding it (`expense={"description":…}`); the body is then that field's value.
 */
function unwrapping(name: string) {
  return (body: unknown): unknown => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const keys = Object.keys(body);
    return keys.length === 1 && keys[0] === name ? readJsonText((body as Record<string, unknown>)[name]) : body;
  };
}

const ExpenseCreateInput = z.preprocess(unwrapping('expense'), acceptingForms(ExpenseBodySchema));
const ExpenseUpdateInput = z.preprocess(unwrapping('expense'), acceptingForms(ExpenseUpdateBodySchema));

const ExpenseChangeSchema = z
  .strictObject({ ...ExpenseUpdateBodySchema.shape, id: z.number().int().positive() })
  .refine((change) => Object.keys(change).length > 1, 'An update must change at least one field');

/**
 * PUT workorders/{id}/expenses *(ours; the spec says "JSON body: expense")*: the public client
 * sends its `Expenses` model, so `{"results": [{"id": 5001, "status": "approved"}, …]}`; an
 * `expenses` field holding that or the array, or a bare array, is read the same way.
 */
const ExpenseChangesInput = z.preprocess(
  (body) => {
    const value = unwrapping('expenses')(body);
    return Array.isArray(value) ? { results: value } : value;
  },
  z.strictObject({ results: jsonField(z.array(ExpenseChangeSchema).min(1).max(100)) }),
);

const ExpenseOrWorker = z.union([ExpenseSchema, WorkerAnswerSchema]);

/** Expenses of a work order (spec, Expenses; decisions §6); open orders only, see `domain/expenses.ts`. */
export function registerExpenseRoutes(app: FastifyInstance, context: MarketplaceContext): void {
  route(app, context.routes, {
    method: 'GET',
    url: '/workorders/:work_order_id/expenses',
    summary: 'List the expenses of a work order, with sum {all, charged (approved), uncharged}',
    tag,
    params: WorkOrderParams,
    response: ExpenseListSchema,
    handler: ({ params, auth }) => listExpenses(context, auth.companyId, params.work_order_id),
  });

  route(app, context.routes, {
    method: 'POST',
    url: '/workorders/:work_order_id/expenses',
    summary: 'Add an expense (status new; amount is the unit amount, times quantity); answers the expense, or a __worker with async=true',
    tag,
    params: WorkOrderParams,
    query: AsyncQuerySchema,
    body: ExpenseCreateInput,
    response: ExpenseOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, prepareAddExpense(context, auth, params.work_order_id, body)),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: '/workorders/:work_order_id/expenses',
    summary: 'Update several expenses at once, all or none: {"results": [{"id", …changes}]}; answers the list',
    tag,
    params: WorkOrderParams,
    body: ExpenseChangesInput,
    response: ExpenseListSchema,
    handler: ({ params, body, auth }) => updateExpenses(context, auth, params.work_order_id, body.results),
  });

  route(app, context.routes, {
    method: 'PUT',
    url: '/workorders/:work_order_id/expenses/:expense_id',
    summary: 'Update one expense; only the keys sent change; status new, approved or disapproved',
    tag,
    params: ExpenseParams,
    query: AsyncQuerySchema,
    body: ExpenseUpdateInput,
    response: ExpenseOrWorker,
    handler: ({ params, query, body, auth, request }) =>
      nowOrLater(context, query.async, { request, auth, body }, prepareUpdateExpense(context, auth, params.work_order_id, params.expense_id, body)),
  });

  route(app, context.routes, {
    method: 'DELETE',
    url: '/workorders/:work_order_id/expenses/:expense_id',
    summary: 'Remove one expense; answers it as it was',
    tag,
    params: ExpenseParams,
    query: AsyncQuerySchema,
    response: ExpenseOrWorker,
    handler: ({ params, query, auth, request }) => nowOrLater(context, query.async, { request, auth }, prepareDeleteExpense(context, auth, params.work_order_id, params.expense_id)),
  });
}
