import { describe, expect, it } from 'vitest';
import { ProblemReportQuerySchema, ProblemsAnswerSchema } from '../../../src-shared/api/problem';
import { PROBLEM_TYPES } from '../../../src-shared/api/reference-data';

describe('ProblemsAnswerSchema', () => {
  it('reads the types list of the spec with nested children', () => {
    const answer = ProblemsAnswerSchema.parse({
      metadata: { total: 11, per_page: 11, page: 1, pages: 1 },
      results: [],
      types: PROBLEM_TYPES.map((type) => ({
        ...type,
        performance_event: false,
        show_pqap_warning: false,
        reportable: true,
        message: '',
        children: type.id === 30 ? [{ id: 301, name: 'Sub', children: [] }] : [],
        has_other: false,
      })),
      correlation_id: 'c',
      actions: ['add'],
    });
    expect(answer.types).toHaveLength(11);
    expect(answer.types?.find((type) => type.id === 30)?.children?.[0]?.name).toBe('Sub');
  });
});

describe('ProblemReportQuerySchema', () => {
  it('requires acting_user_id', () => {
    expect(ProblemReportQuerySchema.parse({ acting_user_id: '12', async: 'true' })).toEqual({ acting_user_id: '12', async: 'true' });
    expect(ProblemReportQuerySchema.safeParse({ async: 'true' }).success).toBe(false);
  });
});
