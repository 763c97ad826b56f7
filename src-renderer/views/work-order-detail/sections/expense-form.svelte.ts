import { ExpenseBodySchema, ExpenseUpdateBodySchema, type Expense, type ExpenseBody, type ExpenseUpdateBody } from '../../../../src-shared/api/expense';
import { issueMessage } from '../../../lib/form-issues';

/** The fields of the expense form, as typed. */
export interface ExpenseFields {
  description: string;
  /** The unit amount; the marketplace multiplies it by the quantity. */
  amount: string;
  quantity: string;
  /** A category's `uid` (a system category's id, or a company expense's), or '' for none. */
  category: string;
  reason: string;
}

const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The form's fields for an expense being edited (its own values), or empty for a new one. */
export function fieldsOf(expense?: Expense): ExpenseFields {
  if (!expense) return { description: '', amount: '', quantity: '1', category: '', reason: '' };
  const quantity = expense.quantity ?? 1;
  const categoryId = expense.company_expense?.id ?? expense.category?.id;
  return {
    description: expense.description ?? '',
    amount: typeof expense.amount === 'number' ? String(Math.round((expense.amount / (quantity || 1)) * 100) / 100) : '',
    quantity: String(quantity),
    category: categoryId === undefined || categoryId === null ? '' : String(categoryId),
    reason: expense.reason ?? '',
  };
}

/** The body the fields make: what POST expenses takes. Blank optional fields are left out. */
export function bodyOf(fields: ExpenseFields): Record<string, unknown> {
  const quantity = number(fields.quantity);
  return {
    description: fields.description,
    amount: number(fields.amount),
    ...(quantity === undefined ? {} : { quantity }),
    ...(fields.category === '' ? {} : { category: { id: Number(fields.category) } }),
    ...(fields.reason.trim() === '' ? {} : { reason: fields.reason.trim() }),
  };
}

/**
 * One add or edit of an expense: the fields, checked by the shared `ExpenseBodySchema` (the only
 * rule), each issue on its field. Problems show once the coordinator has tried to save. An edit
 * sends only what changed, checked by `ExpenseUpdateBodySchema`.
 */
export class ExpenseForm {
  fields = $state<ExpenseFields>(fieldsOf());
  tried = $state(false);
  readonly #initial: ExpenseFields;
  readonly editing: boolean;

  constructor(expense?: Expense) {
    this.#initial = fieldsOf(expense);
    this.fields = { ...this.#initial };
    this.editing = expense !== undefined;
  }

  checked = $derived(ExpenseBodySchema.safeParse(bodyOf(this.fields)));

  problems = $derived.by(() => {
    const found: Record<string, string> = {};
    if (!this.checked.success) for (const issue of this.checked.error.issues) found[String(issue.path[0] ?? 'general')] ??= issueMessage(issue);
    return found;
  });

  /**
   * Chooses a category; one with a preset rate ("Mileage (per mile) ($0.67)") fills the unit
   * amount, unless the coordinator typed one of their own (a rate another preset filled is replaced).
   */
  chooseCategory(value: string, categories: readonly { uid?: number | null; id: number; amount?: number | null }[]): void {
    const rateOf = (key: string) => categories.find((category) => String(category.uid ?? category.id) === key)?.amount ?? undefined;
    const previous = rateOf(this.fields.category);
    const rate = rateOf(value);
    this.fields.category = value;
    const typed = this.fields.amount.trim() !== '' && (previous === undefined || Number(this.fields.amount) !== previous);
    if (rate !== undefined && rate > 0 && !typed) this.fields.amount = String(rate);
  }

  /** The problem shown on a field: none until the first try to save. */
  problem(field: keyof ExpenseFields): string | undefined {
    return this.tried ? this.problems[field] : undefined;
  }

  /** Marks the form tried; answers the body to add when the fields are valid. */
  submitAdd(): ExpenseBody | undefined {
    this.tried = true;
    return this.checked.success ? this.checked.data : undefined;
  }

  /**
   * Marks the form tried; answers the changes of an edit when the fields are valid: `null` when
   * nothing changed. A field cleared that was set (a reason) is sent as empty.
   */
  submitEdit(): ExpenseUpdateBody | null | undefined {
    this.tried = true;
    if (!this.checked.success) return undefined;
    const body = this.checked.data;
    const initial = this.#initial;
    const changes: Record<string, unknown> = {};
    if (this.fields.description.trim() !== initial.description.trim()) changes.description = body.description;
    if (number(this.fields.amount) !== number(initial.amount)) changes.amount = body.amount;
    if (number(this.fields.quantity) !== number(initial.quantity)) changes.quantity = body.quantity ?? 1;
    if (this.fields.category !== initial.category && body.category) changes.category = body.category;
    if (this.fields.reason.trim() !== initial.reason.trim()) changes.reason = body.reason ?? '';
    if (Object.keys(changes).length === 0) return null;
    const parsed = ExpenseUpdateBodySchema.safeParse(changes);
    return parsed.success ? parsed.data : undefined;
  }
}
