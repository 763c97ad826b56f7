import { describe, expect, it } from 'vitest';
import { STATUS_SLUGS, statusBySlug, type StatusSlug } from '../../../src-shared/api/status';
import { allowsAction, autoDispatchRefusals } from '../../../src-shared/domain/work-order-rules';

// One rule for both sides: the marketplace refuses POST workorders/auto_dispatch with these reasons
// (local-marketplace/domain/auto-dispatch.ts), and the app offers the action only where there are none.
const READY = {
  auto_dispatch: true,
  types_of_work: [{ id: 62 }],
  service_types_new: [{ id: 61 }],
  location: { mode: 'custom' },
  schedule: { service_window: { mode: 'exact' } },
  pay: { base: { amount: 240 } },
};
const at = (slug: StatusSlug, fields: object = READY) => ({ ...fields, status: { id: statusBySlug(slug)?.id ?? 0 } });

describe('autoDispatchRefusals', () => {
  it('has none for a flagged, workable order in Draft, Published or Routed', () => {
    for (const slug of ['created', 'published', 'routed'] as const) expect(autoDispatchRefusals(slug, READY)).toEqual([]);
    expect(autoDispatchRefusals('created', { ...READY, service_types_new: undefined, service_types: [{ id: 61 }] })).toEqual([]);
  });

  it('names the status of an order past dispatching, in the marketplace’s words', () => {
    expect(autoDispatchRefusals('assigned', READY)).toEqual(['it is Assigned']);
    expect(autoDispatchRefusals('workdone', READY)).toEqual(['it is Work Done']);
    expect(autoDispatchRefusals(undefined, READY)).toEqual(['it is in no known status']);
  });

  it('needs the flag itself: false, null and missing are refused alike', () => {
    for (const flag of [false, null, undefined]) expect(autoDispatchRefusals('published', { ...READY, auto_dispatch: flag })).toEqual(['auto_dispatch is not true']);
  });

  it('needs a service type and everything publishing needs, each named', () => {
    expect(autoDispatchRefusals('created', { auto_dispatch: true })).toEqual([
      'it has no service type',
      'it has no types_of_work',
      'it has no location',
      'it has no schedule.service_window',
      'it has no pay.base.amount',
    ]);
    expect(autoDispatchRefusals('created', { ...READY, service_types_new: [] })).toEqual(['it has no service type']);
  });
});

describe("allowsAction('auto-dispatch')", () => {
  it('offers it exactly where the marketplace takes it', () => {
    const offered = STATUS_SLUGS.filter((slug) => allowsAction('auto-dispatch', at(slug)));
    expect(offered).toEqual(['created', 'published', 'routed']);
  });

  it('does not offer it on an order without auto_dispatch, though publish and assign are there', () => {
    const unflagged = at('created', { ...READY, auto_dispatch: false });
    expect(allowsAction('publish', unflagged)).toBe(true);
    expect(allowsAction('assign', unflagged)).toBe(true);
    expect(allowsAction('auto-dispatch', unflagged)).toBe(false);
  });

  it('does not offer it without a service type, nor without a status', () => {
    expect(allowsAction('auto-dispatch', at('published', { ...READY, service_types_new: null }))).toBe(false);
    expect(allowsAction('auto-dispatch', { ...READY, status: null })).toBe(false);
  });
});
