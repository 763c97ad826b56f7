import { REFERENCE_LIST_PER_PAGE } from '../../../src-shared/api/common';
import type { CompanyExpenseCategory, Tag, TagType } from '../../../src-shared/api/company';
import type { StatusSlug } from '../../../src-shared/api/status';
import type { MarketplaceContext } from '../context';

/**
 * Metadata of a reference list: it comes whole, so one page of `per_page` 5000 (decisions §3).
 * `extra` carries what some lists add (view, sort, available columns).
 */
export function referenceListMetadata(total: number, columns: string, extra: Record<string, unknown> = {}) {
  return { total, page: 1, pages: 1, per_page: REFERENCE_LIST_PER_PAGE, columns, ...extra };
}

/**
 * The marketplace's own expense categories, the same for every company *(ours: the spec names
 * none)*. Custom company expenses each fall under one of them.
 */
export const SYSTEM_EXPENSE_CATEGORIES = [
  { id: 1, label: 'Travel', description: 'Mileage, airfare and ground transport to the site' },
  { id: 2, label: 'Materials', description: 'Consumables and materials used on the job' },
  { id: 3, label: 'Equipment Rental', description: 'Lifts, test gear and other rented equipment' },
  { id: 4, label: 'Shipping', description: 'Shipping parts to or from the site' },
  { id: 5, label: 'Parking and Tolls', description: 'Parking fees and road tolls' },
  { id: 6, label: 'Lodging', description: 'Overnight stays on multi-day jobs' },
  { id: 7, label: 'Other', description: 'Anything not covered by another category' },
] as const;
export type SystemExpenseCategoryId = (typeof SYSTEM_EXPENSE_CATEGORIES)[number]['id'];

/** What the `expense_categories` table keeps in `data` for a company's custom expense. */
export interface CustomExpenseData {
  category_id: SystemExpenseCategoryId;
  label: string;
  description: string;
  amount: number;
  api_code: string;
}

/** What the `tags` table keeps in `data`. */
export interface TagData {
  label: string;
  hex_color: string;
  valid_statuses: StatusSlug[];
  types: TagType[];
}

/**
 * GET company/expenses: system categories (`company_expense_id` 0, no actions) then the company's
 * custom ones. `uid` is unique across both; `id` is the category a custom expense falls under.
 */
export function listCompanyExpenseCategories(context: MarketplaceContext, companyId: number): CompanyExpenseCategory[] {
  const system = SYSTEM_EXPENSE_CATEGORIES.map((category) => ({
    uid: category.id,
    id: category.id,
    company_expense_id: 0,
    label: category.label,
    description: category.description,
    type: 'system',
    actions: [],
  }));
  const rows = context.db.prepare('SELECT id, data FROM expense_categories WHERE company_id = ? ORDER BY id').all(companyId) as { id: number; data: string }[];
  const custom = rows.map((row) => {
    const data = JSON.parse(row.data) as CustomExpenseData;
    return {
      uid: row.id,
      id: data.category_id,
      company_expense_id: row.id,
      label: data.label,
      description: data.description,
      amount: data.amount,
      api_code: data.api_code,
      type: 'custom',
      actions: ['edit', 'delete'],
    };
  });
  return [...system, ...custom];
}

/** A company tag as GET company/tags lists it, and as a work order shows it applied. */
export function presentTag(row: { id: number; data: string }): Tag & TagData {
  return { id: row.id, ...(JSON.parse(row.data) as TagData), actions: ['edit', 'delete'] };
}

/** GET company/tags. */
export function listTags(context: MarketplaceContext, companyId: number): Tag[] {
  const rows = context.db.prepare('SELECT id, data FROM tags WHERE company_id = ? ORDER BY id').all(companyId) as { id: number; data: string }[];
  return rows.map(presentTag);
}

export function companyName(context: MarketplaceContext, companyId: number): string | undefined {
  const row = context.db.prepare('SELECT name FROM companies WHERE id = ?').get(companyId) as { name: string } | undefined;
  return row?.name;
}
