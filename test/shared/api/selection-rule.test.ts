import { describe, expect, it } from 'vitest';
import { SelectionRuleListQuerySchema, SelectionRuleListSchema, SelectionRuleSchema } from '../../../src-shared/api/selection-rule';

const rule = {
  id: 1101,
  name: 'Nearest qualified provider',
  metadata: { total: 1, page: 1, pages: 1, per_page: 1, columns: 'id,name' },
  results: [{ id: 110102, name: 'SC_DISTANCE_FROM_WORK_ORDER', operation: 'less_than', value: '100', required: true, weight: 10, order: 2, service: '', extra: '' }],
  actions: [],
};

describe('SelectionRuleSchema', () => {
  it('reads a rule with its criteria, graded or not', () => {
    expect(SelectionRuleSchema.parse(rule)).toEqual(rule);
    const graded = { ...rule, status: 'match', sum: { match: 1, no_match_optional: 0, no_match_required: 0, total: 1 }, results: [{ ...rule.results[0], status: 'match' }] };
    expect(SelectionRuleSchema.parse(graded)).toEqual(graded);
    expect(SelectionRuleListSchema.parse({ metadata: { total: 1, page: 1, pages: 1, per_page: 25 }, results: [rule] }).results).toHaveLength(1);
  });

  it('reads criteria and operations the models do not list, as the real service may add them', () => {
    expect(SelectionRuleSchema.safeParse({ ...rule, results: [{ id: 1, name: 'SC_SOMETHING_NEW', operation: 'between' }] }).success).toBe(true);
    expect(SelectionRuleSchema.safeParse({ ...rule, results: [{ name: 'SC_DRUG_TEST' }] }).success).toBe(false);
    expect(SelectionRuleSchema.safeParse({ ...rule, results: [{ id: 1, name: 'SC_DRUG_TEST', value: 1 }] }).success).toBe(false);
  });
});

describe('SelectionRuleListQuerySchema', () => {
  it('pages at most 100 a page', () => {
    expect(SelectionRuleListQuerySchema.parse({ page: '2', per_page: '50' })).toEqual({ page: 2, per_page: 50 });
    expect(SelectionRuleListQuerySchema.safeParse({ per_page: 101 }).success).toBe(false);
    expect(SelectionRuleListQuerySchema.safeParse({ page: 0 }).success).toBe(false);
  });
});
