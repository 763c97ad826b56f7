import { describe, expect, it } from 'vitest';
import { WORK_ORDER_STATUSES } from '../../../src-shared/api/status';
import { openCache } from '../../../src-main/db/database';
import { ATTENTION_UNION_COUNT_SQL } from '../../../src-main/db/work-order-attention';
import type { CachedWorkOrderQuery } from '../../../src-main/db/work-order-query';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { generatedWorkOrders } from './work-order-fixtures';

// The triage queue with no other condition is read group by group along indexes
// (attention-pages.ts); with any other condition, as the union of the rules, sorted. Both must give
// the same groups, totals and pages, at any clock.

describe('the triage queue read group by group', () => {
  const db = openCache(':memory:');
  const repository = new WorkOrderRepository(db);
  repository.upsertMany(generatedWorkOrders(4_000, 11));
  // Open requests on a few published orders, one of them with a problem too (it leads the problems group).
  const published = db.prepare("SELECT id FROM work_orders WHERE status_id IN (2, 9) ORDER BY id LIMIT 40").pluck().all() as number[];
  const addRequest = db.prepare("INSERT INTO requests (id, work_order_id, provider_id, counter, active, json, fetched_at) VALUES (?, ?, 7, 0, 1, '{}', 0)");
  published.forEach((id, index) => addRequest.run(index + 1, id));
  db.prepare('UPDATE work_orders SET open_problems = 1 WHERE id = ?').run(published[0]);
  // Orders without a start, in the groups that can have them.
  db.prepare('UPDATE work_orders SET schedule_start = NULL, schedule_end = NULL WHERE id % 97 = 0').run();
  db.prepare("UPDATE work_orders SET sub_status = 'delayed' WHERE id % 89 = 0 AND status_id = 3").run();

  // Every status named: a second condition that narrows nothing, so the union is read.
  const everyStatus = WORK_ORDER_STATUSES.map((status) => status.id);
  const page = (query: CachedWorkOrderQuery) => {
    const answer = repository.list(query);
    return { total: answer.total, pages: answer.pages, groups: answer.groups, ids: answer.results.map((order) => order.id) };
  };

  it('answers the groups, totals and pages of the union, first page to past the end, at several clocks', () => {
    for (const now of [Date.parse('2025-01-15T09:00:00Z'), Date.parse('2026-06-01T12:00:00Z'), Date.parse('2027-03-01T00:00:00Z')]) {
      const first = page({ attention: true, sort: 'urgency', now, per_page: 50 });
      expect(first.total).toBeGreaterThan(100);
      expect(first.groups?.map((group) => group.reason)).toEqual(expect.arrayContaining(['late', 'problem', 'requests']));
      for (let pageNumber = 1; pageNumber <= first.pages + 1; pageNumber += 1) {
        const query: CachedWorkOrderQuery = { attention: true, sort: 'urgency', now, per_page: 50, page: pageNumber };
        expect(page(query), JSON.stringify(query)).toEqual(page({ ...query, status_ids: everyStatus }));
      }
    }
  });

  it('walks the view sorted by schedule or id, both ways, to the same pages and total as the union', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    for (const sort of ['schedule', 'id'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const pages = page({ attention: true, sort, order, now, per_page: 100 }).pages;
        for (let pageNumber = 1; pageNumber <= pages + 1; pageNumber += 1) {
          const query: CachedWorkOrderQuery = { attention: true, sort, order, now, per_page: 100, page: pageNumber };
          expect(page(query), JSON.stringify(query)).toEqual(page({ ...query, status_ids: everyStatus }));
        }
      }
    }
  });

  it('reads its groups again once the cache changes', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    const before = page({ attention: true, sort: 'urgency', now });
    const calm = db.prepare('SELECT id FROM work_orders WHERE open_problems = 0 AND status_id NOT IN (3, 2, 9) ORDER BY id LIMIT 1').pluck().get() as number;
    db.prepare('UPDATE work_orders SET open_problems = 2 WHERE id = ?').run(calm);
    const after = page({ attention: true, sort: 'urgency', now });
    expect(after.total).toBe(before.total + 1);
    expect(after).toEqual(page({ attention: true, sort: 'urgency', now, status_ids: everyStatus }));
    // The navigation's count, taken from the groups just counted, is the union's.
    expect(repository.attentionCount(now)).toBe(db.prepare(ATTENTION_UNION_COUNT_SQL).pluck().get({ now }));
    expect(repository.attentionCount(now)).toBe(after.total);
  });
});
