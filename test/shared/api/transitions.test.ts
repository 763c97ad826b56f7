import { describe, expect, it } from 'vitest';
import {
  CancelBodySchema,
  IncompleteQuerySchema,
  WORK_ORDER_TRANSITIONS,
  canTransition,
  transitionFor,
} from '../../../src-shared/api/transitions';

describe('transition table', () => {
  it('follows decisions §2', () => {
    expect(transitionFor('publish')).toMatchObject({ method: 'POST', path: '/publish', from: ['created', 'routed'], to: 'published' });
    expect(transitionFor('revert')).toMatchObject({ method: 'DELETE', path: '/draft', to: 'created' });
    expect(transitionFor('cancel').from).not.toContain('paid');
    expect(transitionFor('cancel').from).not.toContain('canceled');
    expect(new Set(WORK_ORDER_TRANSITIONS.map((transition) => transition.operation)).size).toBe(
      WORK_ORDER_TRANSITIONS.length,
    );
  });

  it('allows only the listed source states, and the target itself', () => {
    expect(canTransition('approve', 'workdone')).toBe(true);
    expect(canTransition('approve', 'assigned')).toBe(false);
    expect(canTransition('approve', 'approved')).toBe(true);
    expect(canTransition('unroute', 'published')).toBe(false);
    expect(canTransition('cancel', 'paid')).toBe(false);
  });
});

describe('cancel and incomplete', () => {
  it('requires an integer cancel reason, from JSON or a form', () => {
    expect(CancelBodySchema.parse({ cancel_reason: 2, notes: 'n', message_to_provider: 'm' }).cancel_reason).toBe(2);
    expect(CancelBodySchema.parse({ cancel_reason: '2' }).cancel_reason).toBe(2);
    expect(CancelBodySchema.safeParse({ notes: 'no reason' }).success).toBe(false);
    expect(CancelBodySchema.safeParse({ cancel_reason: 2, reason: 'x' }).success).toBe(false);
  });

  it('reads the incomplete reason from the query', () => {
    expect(IncompleteQuerySchema.parse({ reason: '5', async: 'false' })).toEqual({ reason: 5, async: false });
    expect(IncompleteQuerySchema.safeParse({}).success).toBe(false);
  });
});
