import { describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { explainAttention } from '../../../src-shared/domain/attention-explanation';

const NOW = Date.parse('2026-11-27T18:00:00Z');
const CHICAGO = { state: 'IL', country: 'US' };

const order = (fields: Partial<WorkOrder>): WorkOrder => ({ id: 10025, location: CHICAGO, ...fields }) as WorkOrder;
const assigned = (subStatus: string | null, start: string, end?: string) =>
  order({ status: { id: 3, name: 'Assigned', sub_status: subStatus }, schedule: { service_window: { mode: end ? 'between' : 'exact', start: { utc: start }, ...(end ? { end: { utc: end } } : {}) } } } as Partial<WorkOrder>);

describe('why an order needs attention, said plainly', () => {
  it('says when a late order was due, in the site’s time, and that nobody checked in', () => {
    expect(explainAttention(assigned(null, '2026-11-26 23:00:00', '2026-11-27 01:38:00'), 'late', {}, NOW)).toEqual({ reason: 'late', label: 'Running late', detail: 'due yesterday 19:38 CST, nobody checked in' });
    expect(explainAttention(assigned('delayed', '2026-11-28 15:00:00'), 'late', {}, NOW).detail).toBe('the provider says they are delayed');
  });

  it('says when an order at risk or not confirmed starts', () => {
    expect(explainAttention(assigned(null, '2026-11-27 19:00:00'), 'at-risk', {}, NOW).detail).toBe('starts today 13:00 CST, nobody on the way');
    expect(explainAttention(assigned(null, '2026-11-28 15:00:00'), 'unconfirmed', {}, NOW).detail).toBe('starts tomorrow 09:00 CST, the technician has not confirmed');
  });

  it('names the open problem and how many more there are', () => {
    const problems = { results: [
      { id: 1, type: { id: 1, name: 'Site not ready' }, created: { utc: '2026-11-27 14:05:00' } },
      { id: 2, type: { id: 2, name: 'Missing parts' }, resolution: { status: 'resolved' } },
      { id: 3, type: { id: 3, name: 'Access denied' } },
    ] };
    expect(explainAttention(order({ problems } as Partial<WorkOrder>), 'problem', {}, NOW).detail).toBe('Site not ready and 1 other, reported today 08:05 CST');
  });

  it('counts requests and files waiting', () => {
    expect(explainAttention(order({}), 'requests', { requests: 3 }, NOW).detail).toBe('3 providers ask to take it');
    expect(explainAttention(order({}), 'deliverables', { deliverables: 1 }, NOW).detail).toBe('1 file waits for review');
  });
});
