import { z } from 'zod';
import { PageNumberSchema, integerField } from '../../../src-shared/api/form-fields';
import {
  type SelectionRule,
  type SelectionRuleCriterionName,
  SelectionRuleListQuerySchema,
  type SelectionRuleMatchStatus,
  type SelectionRuleOperation,
} from '../../../src-shared/api/selection-rule';
import { WORK_ORDER_LIST_DEFAULT_PER_PAGE, WORK_ORDER_LIST_MAX_PER_PAGE } from '../../../src-shared/api/work-order-list';
import type { MarketplaceContext } from '../context';
import { preparedStatement, type MarketplaceDatabase } from '../store/database';

// A company's selection rules (the SDK's `SelectionRule`): stored whole, each with its criteria, and
// answered in the model's shape. How a rule ranks providers is selection-rule-matching.ts.

/** A criterion as stored; the answer adds the model's `service` and `extra`, empty. */
export interface CriterionData {
  id: number;
  name: SelectionRuleCriterionName;
  description: string;
  operation: SelectionRuleOperation;
  /** Text, as in the model: miles, stars, a count, a group or type of work id, or empty. */
  value: string;
  /** A provider who misses a required criterion is never chosen. */
  required: boolean;
  /** What meeting an optional criterion adds to a provider's score. */
  weight: number;
  /** Ties on the score are broken by the criteria in this order. */
  order: number;
}

export interface SelectionRuleRecord {
  id: number;
  companyId: number;
  name: string;
  criteria: CriterionData[];
}

interface SelectionRuleRow {
  id: number;
  company_id: number;
  name: string;
  criteria: string;
}

/** GET company/selection_rules: paged as GET workorders pages (decisions §3: at most 100 a page). */
export const SelectionRuleListQuery = SelectionRuleListQuerySchema.extend({
  page: PageNumberSchema.default(1),
  per_page: integerField(z.number().int().min(1).max(WORK_ORDER_LIST_MAX_PER_PAGE)).default(WORK_ORDER_LIST_DEFAULT_PER_PAGE),
});
export type SelectionRuleListQuery = z.output<typeof SelectionRuleListQuery>;

const CRITERION_COLUMNS = 'id,name,description,operation,value,required,weight,order';

const recordOf = (row: SelectionRuleRow): SelectionRuleRecord => ({
  id: row.id,
  companyId: row.company_id,
  name: row.name,
  criteria: JSON.parse(row.criteria) as CriterionData[],
});

/** Stores a rule; the seed gives its own id. */
export function insertSelectionRule(db: MarketplaceDatabase, companyId: number, name: string, criteria: readonly CriterionData[], id?: number): number {
  const result = db.prepare('INSERT INTO selection_rules (id, company_id, name, criteria) VALUES (?, ?, ?, ?)').run(id ?? null, companyId, name, JSON.stringify(criteria));
  return Number(result.lastInsertRowid);
}

/** The company's rule, or undefined: another company's rule is not there for the caller. */
export function findSelectionRule(context: MarketplaceContext, companyId: number, ruleId: number): SelectionRuleRecord | undefined {
  const row = preparedStatement(context, 'SELECT id, company_id, name, criteria FROM selection_rules WHERE id = ? AND company_id = ?').get(ruleId, companyId) as
    | SelectionRuleRow
    | undefined;
  return row ? recordOf(row) : undefined;
}

/** How one provider did on a rule: a status per criterion id. */
export type CriterionGrades = ReadonlyMap<number, SelectionRuleMatchStatus>;

function gradeOfRule(grades: CriterionGrades): Pick<SelectionRule, 'status' | 'sum'> {
  const statuses = [...grades.values()];
  const count = (status: SelectionRuleMatchStatus) => statuses.filter((graded) => graded === status).length;
  const sum = { match: count('match'), no_match_optional: count('no_match_optional'), no_match_required: count('no_match_required'), total: statuses.length };
  const status: SelectionRuleMatchStatus = sum.no_match_required > 0 ? 'no_match_required' : sum.no_match_optional > 0 ? 'no_match_optional' : 'match';
  return { status, sum };
}

/**
 * A rule in the model's shape: its criteria as `results` with their own metadata. With `grades`, as
 * held against one provider: each criterion's `status`, and the rule's `status` and `sum`.
 */
export function presentSelectionRule(rule: SelectionRuleRecord, grades?: CriterionGrades): SelectionRule {
  const criteria = [...rule.criteria].sort((first, second) => first.order - second.order || first.id - second.id);
  return {
    id: rule.id,
    name: rule.name,
    metadata: { total: criteria.length, page: 1, pages: 1, per_page: criteria.length, columns: CRITERION_COLUMNS },
    results: criteria.map((criterion) => ({ ...criterion, service: '', extra: '', ...(grades ? { status: grades.get(criterion.id) ?? 'no_match_optional' } : {}) })),
    ...(grades ? gradeOfRule(grades) : {}),
    // The model's ActionsEnum has `delete` only, and rules are kept in the web application: none here.
    actions: [],
  };
}

/** GET company/selection_rules: the company's rules, oldest first. */
export function listSelectionRules(context: MarketplaceContext, companyId: number, query: SelectionRuleListQuery) {
  const { total } = preparedStatement(context, 'SELECT COUNT(*) AS total FROM selection_rules WHERE company_id = ?').get(companyId) as { total: number };
  const rows = preparedStatement(context, 'SELECT id, company_id, name, criteria FROM selection_rules WHERE company_id = ? ORDER BY id LIMIT ? OFFSET ?').all(
    companyId,
    query.per_page,
    (query.page - 1) * query.per_page,
  ) as SelectionRuleRow[];
  return {
    metadata: { total, page: query.page, pages: Math.max(1, Math.ceil(total / query.per_page)), per_page: query.per_page, columns: 'id,name,results' },
    results: rows.map((row) => presentSelectionRule(recordOf(row))),
  };
}
