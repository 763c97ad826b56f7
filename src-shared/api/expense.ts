import { z } from 'zod';
import { ActionsSchema, IdInputSchema, NamedReferenceSchema, TimestampSchema, UserSummarySchema, knownString, listEnvelope, partialUpdate } from './common';

/** Expense statuses of decisions §6; `new` is the initial one. */
export const EXPENSE_STATUSES = ['new', 'approved', 'disapproved'] as const;
export const ExpenseStatusSchema = z.enum(EXPENSE_STATUSES);
export type ExpenseStatus = z.infer<typeof ExpenseStatusSchema>;

export const ExpenseCompanyExpenseSchema = z.looseObject({
  id: z.number().int(),
  expense_amount: z.number().nullish(),
  hidden_tags: z.string().nullish(),
  api_code: z.string().nullish(),
  description: z.string().nullish(),
});
export type ExpenseCompanyExpense = z.infer<typeof ExpenseCompanyExpenseSchema>;

export const ExpenseSchema = z.looseObject({
  id: z.number().int(),
  description: z.string().nullish(),
  quantity: z.number().nullish(),
  status: knownString(EXPENSE_STATUSES).nullish(),
  status_description: z.string().nullish(),
  category: NamedReferenceSchema.nullish(),
  added: TimestampSchema.nullish(),
  company_expense: ExpenseCompanyExpenseSchema.nullish(),
  /** quantity × unit amount (decisions §6). */
  amount: z.number().nullish(),
  reason: z.string().nullish(),
  author: UserSummarySchema.nullish(),
  actions: ActionsSchema.nullish(),
});
export type Expense = z.infer<typeof ExpenseSchema>;

/** `all` is every expense, `charged` the approved ones, `uncharged` the rest. */
export const ExpenseSumSchema = z.looseObject({
  all: z.number(),
  charged: z.number(),
  uncharged: z.number(),
});
export type ExpenseSum = z.infer<typeof ExpenseSumSchema>;

/** Answer of GET workorders/{id}/expenses. */
export const ExpenseListSchema = listEnvelope(ExpenseSchema).extend({ sum: ExpenseSumSchema.nullish() });
export type ExpenseList = z.infer<typeof ExpenseListSchema>;

const ExpenseInputShape = {
  description: z.string().trim().min(1),
  /** The unit amount; the service multiplies it by `quantity`. */
  amount: z.number().positive(),
  quantity: z.number().int().positive().optional(),
  category: IdInputSchema.optional(),
  company_expense: IdInputSchema.optional(),
  reason: z.string().optional(),
};

/** Body of POST workorders/{id}/expenses. */
export const ExpenseBodySchema = z.strictObject(ExpenseInputShape);
export type ExpenseBody = z.infer<typeof ExpenseBodySchema>;

/** Body of PUT workorders/{id}/expenses[/{expense_id}]: partial, and the buyer's review. */
export const ExpenseUpdateBodySchema = partialUpdate({
  ...ExpenseInputShape,
  status: ExpenseStatusSchema,
  status_description: z.string(),
});
export type ExpenseUpdateBody = z.infer<typeof ExpenseUpdateBodySchema>;
