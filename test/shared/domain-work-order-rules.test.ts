import { describe, expect, it } from 'vitest';
import { statusBySlug, type StatusSlug } from '../../src-shared/api/status';
import { availableActions, missingForDispatch, primaryAction } from '../../src-shared/domain/work-order-rules';

const READY = {
  types_of_work: [{ id: 62 }],
  location: { mode: 'custom' },
  schedule: { service_window: { mode: 'exact' } },
  pay: { base: { amount: 240 } },
};
const at = (slug: StatusSlug, fields: object = READY) => ({ ...fields, status: { id: statusBySlug(slug)?.id ?? 0 } });
const operations = (slug: StatusSlug, fields?: object) => availableActions(at(slug, fields)).map((action) => action.operation);

describe('the work order rules both sides share', () => {
  it('names what publishing needs, by field', () => {
    expect(missingForDispatch(READY)).toEqual([]);
    expect(missingForDispatch({})).toEqual(['types_of_work', 'location', 'schedule.service_window', 'pay.base.amount']);
    expect(missingForDispatch({ ...READY, types_of_work: [], type_of_work: { id: 4 } })).toEqual([]);
    expect(missingForDispatch({ ...READY, pay: { base: { amount: null } } })).toEqual(['pay.base.amount']);
  });

  it('offers only the moves decisions §2 allows from each status, never a move to where the order is', () => {
    expect(operations('created')).toEqual(['publish', 'route', 'assign', 'cancel']);
    expect(operations('published')).toEqual(['route', 'assign', 'unpublish', 'revert', 'cancel']);
    expect(operations('routed')).toEqual(['publish', 'route', 'assign', 'unroute', 'revert', 'cancel']);
    expect(operations('assigned')).toEqual(['unassign', 'cancel']);
    expect(operations('workdone')).toEqual(['approve', 'incomplete', 'cancel']);
    expect(operations('approved')).toEqual(['unapprove', 'cancel']);
    expect(operations('paid')).toEqual([]);
    expect(operations('canceled')).toEqual([]);
  });

  it('keeps publish on offer for a bare draft, saying what it lacks', () => {
    const publish = availableActions(at('created', {})).find((action) => action.operation === 'publish');
    expect(publish).toEqual({ operation: 'publish', ready: false, missing: ['types_of_work', 'location', 'schedule.service_window', 'pay.base.amount'] });
  });

  it('makes only the next step forward primary, never a step back', () => {
    const primary = (slug: StatusSlug) => primaryAction(at(slug));
    expect(['created', 'published', 'routed', 'assigned', 'workdone', 'approved', 'paid', 'canceled'].map((slug) => primary(slug as StatusSlug))).toEqual([
      'publish',
      'assign',
      'assign',
      undefined,
      'approve',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
