import { describe, expect, it } from 'vitest';
import { AssigneeBodySchema, RouteBodySchema } from '../../../src-shared/api/routing';

describe('RouteBodySchema', () => {
  it('takes the route as JSON or as a JSON string in a form field', () => {
    expect(RouteBodySchema.parse({ route: { technician: { id: 7 } } })).toEqual({ route: { technician: { id: 7 } } });
    expect(RouteBodySchema.parse({ route: '{"technician":{"id":7}}' })).toEqual({ route: { technician: { id: 7 } } });
  });

  it('rejects a route without a technician id or with extra keys', () => {
    expect(RouteBodySchema.safeParse({ route: { technician: {} } }).success).toBe(false);
    expect(RouteBodySchema.safeParse({ route: { technician: { id: '7' } } }).success).toBe(false);
    expect(RouteBodySchema.safeParse({ route: { technician: { id: 7 }, note: 'x' } }).success).toBe(false);
    expect(RouteBodySchema.safeParse({ route: 'not json' }).success).toBe(false);
    expect(RouteBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('AssigneeBodySchema', () => {
  it('takes the provider user id as form text or a number', () => {
    expect(AssigneeBodySchema.parse({ assignee: '7' })).toEqual({ assignee: 7 });
    expect(AssigneeBodySchema.parse({ assignee: 7 })).toEqual({ assignee: 7 });
  });

  it('rejects a missing or non-numeric assignee', () => {
    expect(AssigneeBodySchema.safeParse({}).success).toBe(false);
    expect(AssigneeBodySchema.safeParse({ assignee: 'sam' }).success).toBe(false);
    expect(AssigneeBodySchema.safeParse({ assignee: 7, async: true }).success).toBe(false);
  });
});
