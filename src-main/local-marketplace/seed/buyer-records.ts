import type { ExpenseStatus } from '../../../src-shared/api/expense';
import type { MarketplaceContext } from '../context';
import { insertProblem } from '../domain/problems';
import { workOrderRepository } from '../domain/work-order-repository';

// Expenses on a few assigned, done, approved and paid orders, fitting their jobs; problems on a published, an
// assigned and a paid order (one resolved); attributes on members of pools 811 and 813. Times
// follow each order's history, so they read as part of it.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface ExpenseSeed {
  id: number;
  workOrderId: number;
  description: string;
  quantity: number;
  unitAmount: number;
  categoryId: number;
  /** A custom expense of the demo company (951–954), or none. */
  companyExpenseId?: number;
  status: ExpenseStatus;
  statusDescription?: string;
  reason?: string;
  /** Hours after the order was assigned. */
  after: number;
}

const EXPENSES: readonly ExpenseSeed[] = [
  { id: 5001, workOrderId: 10021, description: 'Parking at the loading dock', quantity: 1, unitAmount: 12, categoryId: 5, status: 'new', after: 20 },
  { id: 5002, workOrderId: 10021, description: 'Cat6 drop to the back office', quantity: 2, unitAmount: 45, categoryId: 2, companyExpenseId: 951, status: 'new', reason: 'The office printer had no drop', after: 21 },
  { id: 5003, workOrderId: 10027, description: 'Mileage beyond 50 miles', quantity: 62, unitAmount: 0.67, categoryId: 1, companyExpenseId: 952, status: 'approved', after: 30 },
  { id: 5004, workOrderId: 10027, description: 'Asset labels and cable tags', quantity: 1, unitAmount: 38.5, categoryId: 2, status: 'new', reason: 'Every device on the rack needed a label', after: 31 },
  { id: 5005, workOrderId: 10027, description: 'Lunch', quantity: 1, unitAmount: 14.25, categoryId: 7, status: 'disapproved', statusDescription: 'Meals are not reimbursed', after: 32 },
  { id: 5006, workOrderId: 10025, description: 'Scissor lift, one day', quantity: 1, unitAmount: 185, categoryId: 3, companyExpenseId: 953, status: 'new', reason: 'The access point hangs at 16 ft', after: 4 },
  { id: 5007, workOrderId: 10031, description: 'Return shipping label', quantity: 1, unitAmount: 18.5, categoryId: 4, companyExpenseId: 954, status: 'approved', reason: 'Cracked screen sent back', after: 27 },
  { id: 5008, workOrderId: 10034, description: 'Splice trays', quantity: 2, unitAmount: 22.5, categoryId: 2, status: 'approved', after: 26 },
];

const PROBLEMS = [
  { id: 6001, workOrderId: 10012, typeId: 22, authorId: 2002, comments: 'No requests after two days on the marketplace', hoursAfterCreation: 60 },
  { id: 6002, workOrderId: 10024, typeId: 25, authorId: 2001, comments: 'The store says nobody had arrived by 9:30', hoursAfterCreation: 30 },
  { id: 6003, workOrderId: 10035, typeId: 44, authorId: 2003, comments: 'The wall patch kit was not on site', hoursAfterCreation: 40, resolvedBy: 2003 },
] as const;

const ATTRIBUTES = [
  { id: '5eed0811-3001-4000-8000-000000000001', poolId: 811, providerId: 3001, name: 'Certified POS brands', value: 'NCR, Verifone' },
  { id: '5eed0811-3001-4000-8000-000000000002', poolId: 811, providerId: 3001, name: 'Preferred region', value: 'Chicago North' },
  { id: '5eed0811-3002-4000-8000-000000000001', poolId: 811, providerId: 3002, name: 'Badge number', value: 'NW-4471' },
  { id: '5eed0813-3009-4000-8000-000000000001', poolId: 813, providerId: 3009, name: 'Hospital badge', value: 'Tampa General #8812' },
  { id: '5eed0813-3009-4000-8000-000000000002', poolId: 813, providerId: 3009, name: 'HIPAA training', value: '2025-01-10' },
] as const;

/** Seeds the demo company's expenses, problems and talent pool attributes; call it after the work orders. */
export function seedBuyerRecords(context: MarketplaceContext): void {
  const repository = workOrderRepository(context);
  const order = (id: number) => {
    const record = repository.find(id);
    if (!record) throw new Error(`The buyer records name work order ${id}, which the seed has not made`);
    return record;
  };

  const insertExpense = context.db.prepare(
    `INSERT INTO work_order_expenses (id, work_order_id, author_id, description, quantity, unit_amount, category_id, company_expense_id, status, status_description, reason, added_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const expense of EXPENSES) {
    const record = order(expense.workOrderId);
    const assignedAt = record.data.milestones.assigned ?? record.createdAt;
    insertExpense.run(
      expense.id,
      record.id,
      record.assigneeId ?? record.data.fields.manager?.id ?? 0,
      expense.description,
      expense.quantity,
      expense.unitAmount,
      expense.categoryId,
      expense.companyExpenseId ?? null,
      expense.status,
      expense.statusDescription ?? '',
      expense.reason ?? '',
      assignedAt + expense.after * HOUR,
    );
  }

  for (const problem of PROBLEMS) {
    const record = order(problem.workOrderId);
    const createdAt = record.createdAt + problem.hoursAfterCreation * HOUR;
    const resolvedBy = 'resolvedBy' in problem ? problem.resolvedBy : null;
    insertProblem(context, {
      id: problem.id,
      work_order_id: record.id,
      type_id: problem.typeId,
      comments: problem.comments,
      author_id: problem.authorId,
      created_at: createdAt,
      resolved_at: resolvedBy === null ? null : createdAt + DAY,
      resolved_by: resolvedBy,
    });
  }

  const now = context.clock.now();
  const insertAttribute = context.db.prepare(
    'INSERT INTO talent_pool_attributes (id, pool_id, provider_id, name, value, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  ATTRIBUTES.forEach((attribute, index) => {
    const at = now - (30 - index) * DAY;
    insertAttribute.run(attribute.id, attribute.poolId, attribute.providerId, attribute.name, attribute.value, at, at);
  });
}
