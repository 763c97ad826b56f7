import { describe, expect, it } from 'vitest';
import { openCache } from '../../../src-main/db/database';
import type { CachedWorkOrderQuery } from '../../../src-main/db/work-order-query';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { WORK_ORDER_STATUSES } from '../../../src-shared/api/status';
import { recordStatements } from './statement-recorder';
import { generatedWorkOrders } from './work-order-fixtures';

// A search matching much of the cache is counted by the text index and its page walked in the
// sort's order (wide-search.ts): the same pages and totals as sorting every match.

describe('a wide search', () => {
  const db = openCache(':memory:');
  new WorkOrderRepository(db).upsertMany(generatedWorkOrders(3_000, 7));
  const walked = new WorkOrderRepository(db, 1);
  const sorted = new WorkOrderRepository(db, Number.POSITIVE_INFINITY);
  const page = (repository: WorkOrderRepository, query: CachedWorkOrderQuery) => {
    const answer = repository.list(query);
    return { total: answer.total, pages: answer.pages, ids: answer.results.map((order) => order.id) };
  };

  it('answers the pages and totals of the sorted read, for every sort it walks, both ways and deep', () => {
    for (const f_search of ['install', 'ins', 'printer 2', 'router']) {
      for (const sort of ['schedule', 'id', undefined] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const pageNumber of [1, 4]) {
            const query: CachedWorkOrderQuery = { f_search, sort, order, page: pageNumber, per_page: 50 };
            const expected = page(sorted, query);
            expect(expected.total).toBeGreaterThan(0);
            expect(page(walked, query), JSON.stringify(query)).toEqual(expected);
          }
        }
      }
    }
  });

  it('reads a search sorted by id in the text index’s own order: the sorted read’s pages, offline drafts (negative ids) first', () => {
    const draftsDb = openCache(':memory:');
    const [template] = generatedWorkOrders(1, 11);
    const writer = new WorkOrderRepository(draftsDb);
    writer.upsertMany(generatedWorkOrders(600, 5));
    for (const id of [-3, -1, -2]) writer.writeLocal({ ...template!, id, title: `Install draft ${id}` }, true);
    const { prepared: plans, stop } = recordStatements(draftsDb);
    try {
      const byIndex = new WorkOrderRepository(draftsDb, 1);
      const reference = new WorkOrderRepository(draftsDb, Number.POSITIVE_INFINITY);
      for (const order of ['asc', 'desc'] as const) {
        for (const pageNumber of [1, 2, 40]) {
          const query: CachedWorkOrderQuery = { f_search: 'install', order, page: pageNumber, per_page: 20 };
          expect(page(byIndex, query), JSON.stringify(query)).toEqual(page(reference, query));
        }
      }
      expect(page(byIndex, { f_search: 'install', per_page: 3 }).ids).toEqual([-3, -2, -1]);
      expect(plans.some((sql) => sql.includes('ORDER BY rowid DESC'))).toBe(true);
    } finally {
      stop();
      draftsDb.close();
    }
  });

  it('walks only a search that is the list’s only condition, and a sort with an order to walk', () => {
    const { prepared: plans, stop } = recordStatements(db);
    try {
      const fresh = new WorkOrderRepository(db, 1);
      fresh.list({ f_search: 'install', sort: 'schedule' });
      expect(plans.some((sql) => sql.includes('INDEXED BY work_orders_schedule'))).toBe(true);
      fresh.list({ f_search: 'install', sort: 'pay' });
      expect(plans.some((sql) => sql.includes('INDEXED BY work_orders_pay'))).toBe(true);
      plans.length = 0;
      fresh.list({ f_search: 'install', list: 'workorders_assigned', sort: 'schedule' });
      fresh.list({ f_search: 'install', sort: 'urgency' });
      expect(plans.some((sql) => sql.includes('INDEXED BY'))).toBe(false);
      expect(page(fresh, { f_search: 'install', sort: 'pay' })).toEqual(page(sorted, { f_search: 'install', sort: 'pay' }));
    } finally {
      stop();
    }
  });

  it('asks each order of the text index for a search whose every word it looks up: the pages and totals of the sorted read', () => {
    const byRow = new WorkOrderRepository(db, 1, () => true);
    for (const f_search of ['i', 'in', 'ins', 'inst', 'printer de', 'kiosk 73', 'printer 2', 'Ro']) {
      for (const sort of ['schedule', 'id', 'pay', undefined] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const pageNumber of [1, 4]) {
            const query: CachedWorkOrderQuery = { f_search, sort, order, page: pageNumber, per_page: 50 };
            const expected = page(sorted, query);
            expect(expected.total, f_search).toBeGreaterThan(0);
            expect(page(byRow, query), JSON.stringify(query)).toEqual(expected);
          }
        }
      }
    }
  });

  it('asks order by order only when the last word is a prefix the index keeps, the search is alone, and it is cheaper', () => {
    const { prepared: plans, stop } = recordStatements(db);
    // A fresh repository each time: its statements are prepared once and kept.
    const askedByRow = (rowChecks: (() => boolean) | undefined, query: CachedWorkOrderQuery) => {
      plans.length = 0;
      new WorkOrderRepository(db, 1, rowChecks).list(query);
      return plans.some((sql) => sql.includes('s.rowid = w.id'));
    };
    try {
      const always = () => true;
      expect(askedByRow(always, { f_search: 'ins', sort: 'schedule' })).toBe(true);
      expect(askedByRow(always, { f_search: 'install d', sort: 'schedule' })).toBe(true);
      // Five and more: the index merges every word so begun at each order asked.
      for (const f_search of ['insta', 'install', 'kiosk 73812', 'émi']) expect(askedByRow(always, { f_search, sort: 'schedule' }), f_search).toBe(false);
      expect(askedByRow(always, { f_search: 'ins', list: 'workorders_assigned', sort: 'schedule' })).toBe(false);
      // The cost decides: a match set of 3,000 orders is cheaper than asking a walk's rows one by one.
      expect(askedByRow(undefined, { f_search: 'ins', sort: 'schedule' })).toBe(false);
    } finally {
      stop();
    }
  });

  it('walks a list of statuses holding a good share of the cache: the same pages, and the kept count', () => {
    // Every status named too: a second condition, so the same list is read sorted, not walked.
    const everyStatus = WORK_ORDER_STATUSES.map((status) => status.id);
    for (const list of ['workorders_assigned', 'workorders_in_flight', 'workorders_draft'] as const) {
      for (const sort of ['schedule', 'id'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const pageNumber of [1, 3]) {
            const query: CachedWorkOrderQuery = { list, sort, order, page: pageNumber, per_page: 50 };
            const expected = page(sorted, { ...query, status_ids: everyStatus });
            expect(expected.total).toBeGreaterThan(100);
            expect(page(walked, query), JSON.stringify(query)).toEqual(expected);
          }
        }
      }
    }
  });

  it('walks filters holding a good share of the cache along each sort’s index: the pages of a plain sorted read', () => {
    const expected = (sort: string, order: 'ASC' | 'DESC', offset: number) =>
      db.prepare(`SELECT id FROM work_orders WHERE city = 'Denver' AND state = 'CO' ORDER BY ${sort} ${order}, id ${order} LIMIT 50 OFFSET ?`).pluck().all(offset) as number[];
    const columns = { schedule: 'schedule_start', pay: 'pay_amount', title: 'title COLLATE NOCASE', status: 'status_rank', updated: 'updated_at', id: 'id' } as const;
    const total = db.prepare("SELECT COUNT(*) FROM work_orders WHERE city = 'Denver' AND state = 'CO'").pluck().get() as number;
    expect(total * 20).toBeGreaterThan(3_000);
    for (const [sort, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
      for (const order of ['asc', 'desc'] as const) {
        for (const pageNumber of [1, 3]) {
          const query: CachedWorkOrderQuery = { f_city: 'Denver', f_state: 'CO', sort, order, page: pageNumber, per_page: 50 };
          const answer = page(walked, query);
          expect(answer.total).toBe(total);
          expect(answer.ids, JSON.stringify(query)).toEqual(expected(sort === 'id' ? 'id' : column, order === 'asc' ? 'ASC' : 'DESC', (pageNumber - 1) * 50));
        }
      }
    }
    const { prepared: plans, stop } = recordStatements(db);
    try {
      new WorkOrderRepository(db).list({ f_city: 'Denver', f_state: 'CO', sort: 'pay' });
      expect(plans.some((sql) => sql.includes('INDEXED BY work_orders_pay'))).toBe(true);
    } finally {
      stop();
    }
  });

  it('reads sorted while a bulk load has the schedule index waiting', () => {
    const loading = openCache(':memory:');
    const repository = new WorkOrderRepository(loading, 1);
    expect(repository.beginBulkLoad()).toBe(true);
    repository.upsertMany(generatedWorkOrders(500, 8));
    const during = page(repository, { f_search: 'install', sort: 'schedule' });
    expect(during.total).toBeGreaterThan(0);
    repository.endBulkLoad();
    expect(page(repository, { f_search: 'install', sort: 'schedule' })).toEqual(during);
  });
});
