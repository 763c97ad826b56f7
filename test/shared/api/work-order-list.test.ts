import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_LISTS,
  WORK_ORDER_LIST_IDS,
  WorkOrderListQuerySchema,
  WorkOrderListSchema,
  WorkOrderListsAnswerSchema,
} from '../../../src-shared/api/work-order-list';
import { listItems } from '../../../src-shared/api/common';

describe('WORK_ORDER_LISTS', () => {
  it('has the nine lists of decisions §3, in order, with labels', () => {
    expect(WORK_ORDER_LIST_IDS).toEqual([
      'workorders_all',
      'workorders_draft',
      'workorders_published_routed',
      'workorders_assigned',
      'workorders_work_done',
      'workorders_approved',
      'workorders_in_flight',
      'workorders_problem',
      'workorders_cancelled',
    ]);
    expect(WORK_ORDER_LISTS.every((list) => list.label.length > 0)).toBe(true);
  });
});

describe('WorkOrderListQuerySchema', () => {
  it('fills the defaults', () => {
    expect(WorkOrderListQuerySchema.parse({})).toEqual({ list: 'workorders_all', page: 1, per_page: 25 });
  });

  it('reads query text and ignores unknown parameters', () => {
    expect(
      WorkOrderListQuerySchema.parse({
        list: 'workorders_in_flight',
        page: '3',
        per_page: '100',
        sort: 'created_date',
        order: 'desc',
        sticky: '1',
        f_search: 'Acme',
        f_client: '4',
        f_country: 'US',
        access_token: 'secret',
        f_rating: '5',
      }),
    ).toEqual({
      list: 'workorders_in_flight',
      page: 3,
      per_page: 100,
      sort: 'created_date',
      order: 'desc',
      sticky: true,
      f_search: 'Acme',
      f_client: 4,
      f_country: 'US',
    });
  });

  it('rejects bad paging, lists and sorting', () => {
    expect(WorkOrderListQuerySchema.safeParse({ per_page: '101' }).success).toBe(false);
    expect(WorkOrderListQuerySchema.safeParse({ per_page: '0' }).success).toBe(false);
    expect(WorkOrderListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(WorkOrderListQuerySchema.safeParse({ page: 'two' }).success).toBe(false);
    expect(WorkOrderListQuerySchema.safeParse({ list: 'workorders_mine' }).success).toBe(false);
    expect(WorkOrderListQuerySchema.safeParse({ sort: 'priority' }).success).toBe(false);
    expect(WorkOrderListQuerySchema.safeParse({ order: 'up' }).success).toBe(false);
  });
});

describe('list answers', () => {
  it('reads a page of work orders with its metadata', () => {
    const page = WorkOrderListSchema.parse({
      metadata: { total: 1, page: 1, pages: 1, per_page: 25, list: 'workorders_all', sort: 'id', order: 'asc' },
      results: [{ id: 1, title: 'One', status: { id: 1, name: 'Draft' } }],
    });
    expect(page.results[0]?.title).toBe('One');
  });

  it('reads the lists with their counts', () => {
    const lists = WorkOrderListsAnswerSchema.parse([{ id: 'workorders_draft', label: 'Drafts', count: 2 }]);
    expect(listItems(lists)[0]?.count).toBe(2);
  });
});
