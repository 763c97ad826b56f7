import { describe, expect, it } from 'vitest';
import { WORK_ORDER_LIST_IDS, type WorkOrderListId } from '../../../src-shared/api/work-order-list';
import { countsDisagree, FULL_PULL_MAX_AGE_MS, startingScope } from '../../../src-main/sync/pull-scope';

const cached = Object.fromEntries(WORK_ORDER_LIST_IDS.map((id) => [id, 3])) as Record<WorkOrderListId, number>;

describe('what a pull lists', () => {
  it('lists everything for a cache never listed whole, when asked, and when the last whole listing is old', () => {
    expect(startingScope(null, 1_000)).toBe('all');
    expect(startingScope(1_000, 1_000, 'all')).toBe('all');
    expect(startingScope(1_000, 1_000 + FULL_PULL_MAX_AGE_MS - 1)).toBe('active');
    expect(startingScope(1_000, 1_000 + FULL_PULL_MAX_AGE_MS)).toBe('all');
  });

  it('names the lists whose counts differ, leaving out lists it does not know and counts not given', () => {
    expect(countsDisagree(WORK_ORDER_LIST_IDS.map((id) => ({ id, count: 3 })), cached)).toEqual([]);
    expect(countsDisagree({ results: [{ id: 'workorders_draft', count: 4 }, { id: 'workorders_all', count: 3 }] }, cached)).toEqual(['workorders_draft']);
    expect(countsDisagree([{ id: 'workorders_flagged', count: 9 }, { id: 'workorders_assigned', count: null }, { id: 'workorders_assigned' }], cached)).toEqual([]);
  });
});
