import type { Expense, ExpenseSum } from '../../../src-shared/api/expense';
import { expenseTotals } from '../../../src-shared/domain/expenses';
import { roundMoney } from '../../../src-shared/domain/pay-total';
import { ApiError } from '../../api-client/api-error';
import { docKey, type DocKey, type OrderParts } from '../documents';
import { orderLabel } from '../entry-names';
import { operation, type Input, type KindWith, type Operation, type SendContext } from '../operation';
import { orderPartLane } from './work-order-transitions';

const EMPTY_PARTS: OrderParts = { attachments: [], expenses: [], expenseSum: null };

/** The sums of decisions §6: all, charged (approved) and uncharged (the rest), to the cent as the marketplace answers them. */
function sumOf(expenses: readonly Expense[]): ExpenseSum {
  const { all, approved } = expenseTotals(expenses);
  return { all, charged: approved, uncharged: roundMoney(all - approved) };
}

/** The order's parts with its expense list changed, the sums following. */
export function withExpenses(parts: unknown | null, change: (expenses: Expense[]) => Expense[]): OrderParts {
  const current = (parts as OrderParts | null) ?? EMPTY_PARTS;
  const expenses = change(current.expenses);
  return { ...current, expenses, expenseSum: sumOf(expenses) };
}

const partsKey = (workOrderId: number): DocKey => docKey('parts', workOrderId);

type ExpenseKind = Extract<KindWith<OnExpense>, `expenses:${string}`>;
type OnExpense = { workOrderId: number; expenseId: number };

/**
 * The parts base after the marketplace answered one expense: that expense replaced (or added, or
 * removed). The order is fetched again too: its pay's total counts the approved expenses, and the
 * answer about one expense does not carry it.
 */
function settled(context: SendContext, workOrderId: number, expenseId: number, answer: Expense | null): SendOutcome {
  const parts = withExpenses(context.base(partsKey(workOrderId)) ?? null, (expenses) => {
    const others = expenses.filter((expense) => expense.id !== expenseId && expense.id !== answer?.id);
    return answer ? [...others, answer].sort((a, b) => a.id - b.id) : others;
  });
  return { docs: { [partsKey(workOrderId)]: parts }, refresh: [workOrderId] };
}
type SendOutcome = Awaited<ReturnType<Operation['send']>>;

function onExpense<K extends ExpenseKind>(
  kind: K,
  verb: string,
  change: (expense: Expense, input: Input<K>) => Expense | null,
  send: (input: Input<K>, context: SendContext) => Promise<Expense | null>,
): Operation<K> {
  return operation<K>({
    kind,
    // The expense's description, for its name in the outbox.
    prepare: (input, context) => {
      const expense = (context.read(partsKey(input.workOrderId)) as OrderParts | null)?.expenses.find((candidate) => candidate.id === input.expenseId);
      return expense?.description ? { expense: expense.description } : {};
    },
    lane: (input) => orderPartLane(input.workOrderId, 'expenses'),
    workOrderId: (input) => input.workOrderId,
    summary: (input, context) => `${verb} the expense ${typeof context.expense === 'string' ? `“${context.expense}”` : input.expenseId} on ${orderLabel(input.workOrderId, context)}`,
    docs: (input) => [partsKey(input.workOrderId)],
    project: (_key, value, input) =>
      withExpenses(value, (expenses) => expenses.flatMap((expense) => (expense.id === input.expenseId ? [change(expense, input)].filter((kept) => kept !== null) : [expense]))),
    mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId), expenseId: map(input.expenseId) }),
    async send(input, context) {
      const { workOrderId, expenseId } = input;
      return settled(context, workOrderId, expenseId, await send(input, context));
    },
  });
}

/** The expense of the sent fields, as the marketplace will show it: amount is quantity × unit amount. */
function projectedExpense(id: number, body: Input<'expenses:add'>['expense']): Expense {
  const quantity = body.quantity ?? 1;
  // To the cent, as the marketplace stores it: a lost answer is found again by this amount, and 0.1 × 3 is not 0.3.
  return { id, description: body.description, quantity, amount: roundMoney(body.amount * quantity), status: 'new', category: body.category ? { id: body.category.id } : null, reason: body.reason ?? null };
}

export const addExpense = operation({
  kind: 'expenses:add',
  prepare: (_input, context) => ({ tempId: context.tempId }),
  lane: (input) => orderPartLane(input.workOrderId, 'expenses'),
  workOrderId: (input) => input.workOrderId,
  summary: (input, context) => `Add the expense “${input.expense.description}” to ${orderLabel(input.workOrderId, context)}`,
  docs: (input) => [partsKey(input.workOrderId)],
  project: (_key, value, input, context) => withExpenses(value, (expenses) => [...expenses, projectedExpense(context.tempId as number, input.expense)]),
  mapIds: (input, map) => ({ ...input, workOrderId: map(input.workOrderId) }),
  async send(input, context) {
    const answer = await context.client.parts.addExpense(input.workOrderId, input.expense, { signal: context.signal });
    return { ...settled(context, input.workOrderId, answer.id, answer), created: { temp: context.context.tempId as number, real: answer.id } };
  },
  /** The same expense, not known before this entry, is the one a lost answer made. */
  async confirm(input, context) {
    const known = new Set(((context.base(partsKey(input.workOrderId)) as OrderParts | null)?.expenses ?? []).map((expense) => expense.id));
    const { results } = await context.client.parts.expenses(input.workOrderId, { signal: context.signal });
    const expected = projectedExpense(0, input.expense);
    const found = results.find((expense) => !known.has(expense.id) && expense.description === expected.description && expense.amount === expected.amount);
    return found ? { ...settled(context, input.workOrderId, found.id, found), created: { temp: context.context.tempId as number, real: found.id } } : undefined;
  },
  changedFields: (input) => input.expense,
});

export const updateExpense = onExpense('expenses:update', 'Edit', (expense, input) => ({ ...expense, ...input.changes } as Expense), (input, context) =>
  context.client.parts.updateExpense(input.workOrderId, input.expenseId, input.changes, { signal: context.signal }),
);

export const approveExpense = onExpense('expenses:approve', 'Approve', (expense) => ({ ...expense, status: 'approved' }), (input, context) =>
  context.client.parts.updateExpense(input.workOrderId, input.expenseId, { status: 'approved' }, { signal: context.signal }),
);

export const disapproveExpense = onExpense(
  'expenses:disapprove',
  'Disapprove',
  (expense, input) => ({ ...expense, status: 'disapproved', status_description: input.reason ?? null }),
  (input, context) =>
    context.client.parts.updateExpense(input.workOrderId, input.expenseId, { status: 'disapproved', ...(input.reason ? { status_description: input.reason } : {}) }, {
      signal: context.signal,
    }),
);

export const deleteExpense = onExpense('expenses:delete', 'Delete', () => null, async (input, context) => {
  try {
    await context.client.parts.deleteExpense(input.workOrderId, input.expenseId, { signal: context.signal });
  } catch (error) {
    // Gone already: an earlier attempt whose answer was lost removed it.
    if (!(context.uncertain && error instanceof ApiError && error.code === 'API_NOT_FOUND')) throw error;
  }
  return null;
});
