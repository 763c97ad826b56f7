import { beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_LIST_IDS } from '../../../src-shared/api/work-order-list';
import type { WorkOrder } from '../../../src-shared/api/work-order';
import { openCache, type CacheDatabase } from '../../../src-main/db/database';
import { WorkOrderRepository } from '../../../src-main/db/work-order-repository';
import { generatedWorkOrders } from './work-order-fixtures';

const ORDERS = generatedWorkOrders(500, 7);
const ids = (orders: readonly WorkOrder[]) => orders.map((order) => order.id);
const scheduleOf = (order: WorkOrder) => order.schedule?.service_window?.start?.utc ?? null;

describe('WorkOrderRepository', () => {
  let db: CacheDatabase;
  let repository: WorkOrderRepository;

  beforeAll(() => {
    db = openCache(':memory:');
    repository = new WorkOrderRepository(db);
    repository.upsertMany(ORDERS, Date.UTC(2025, 5, 1));
  });

  it('gives back an order exactly as it was received, and nothing for an unknown id', () => {
    expect(repository.get(3)).toEqual(ORDERS[2]);
    expect(repository.get(99_999)).toBeUndefined();
  });

  it('derives the indexed columns, and stores an order with most fields missing or null', () => {
    expect(db.prepare('SELECT status_id, city, state, zip, client_name, schedule_start, pay_amount, type_of_work_id FROM work_orders WHERE id = 3').get()).toEqual({
      status_id: ORDERS[2]?.status?.id,
      city: ORDERS[2]?.location?.city,
      state: ORDERS[2]?.location?.state,
      zip: ORDERS[2]?.location?.zip,
      client_name: ORDERS[2]?.client?.name,
      schedule_start: Date.parse(`${scheduleOf(ORDERS[2] as WorkOrder)?.replace(' ', 'T')}Z`),
      pay_amount: ORDERS[2]?.pay?.base?.amount,
      type_of_work_id: 4,
    });
    const sparse = { id: 9_001, title: null, status: null, schedule: { service_window: { start: { utc: 'soon' } } }, location: { city: '  ' }, types_of_work: [], pay: { base: null } } as WorkOrder;
    repository.upsertMany([sparse, { id: 9_002 }]);
    expect(db.prepare('SELECT title, status_id, schedule_start, city, type_of_work_id, pay_amount FROM work_orders WHERE id = 9001').get()).toEqual({
      title: null, status_id: null, schedule_start: null, city: null, type_of_work_id: null, pay_amount: null,
    });
    expect(repository.get(9_002)).toEqual({ id: 9_002 });
    db.prepare('DELETE FROM work_orders WHERE id > 9000').run();
  });

  it('pages through a list without overlap, at most the service\'s page size', () => {
    const first = repository.list({ per_page: 40 });
    const second = repository.list({ per_page: 40, page: 2 });
    expect(first).toMatchObject({ total: 500, page: 1, pages: 13, per_page: 40 });
    expect(ids(first.results)).toEqual(ORDERS.slice(0, 40).map((order) => order.id));
    expect(ids(second.results)).toEqual(ORDERS.slice(40, 80).map((order) => order.id));
    expect(repository.list({ per_page: 1_000 }).per_page).toBe(100);
    expect(repository.list({ page: 99 }).results).toEqual([]);
  });

  it('filters by list, status, client, project, manager, type of work, city and state', () => {
    const expected = (keep: (order: WorkOrder) => boolean) => ORDERS.filter(keep).map((order) => order.id);
    const all = (query: Parameters<WorkOrderRepository['list']>[0]) => ids(repository.list({ ...query, per_page: 100, sort: 'id' }).results).concat(
      ...Array.from({ length: 4 }, (_unused, index) => ids(repository.list({ ...query, per_page: 100, page: index + 2 }).results)),
    );
    expect(all({ list: 'workorders_published_routed' })).toEqual(expected((order) => order.status?.id === 2 || order.status?.id === 9));
    expect(all({ list: 'workorders_problem' })).toEqual(expected((order) => order.id % 50 === 0));
    expect(all({ status_ids: [4, 5] })).toEqual(expected((order) => order.status?.id === 4 || order.status?.id === 5));
    expect(all({ f_client: 2, f_project: 103 })).toEqual(expected((order) => order.client?.id === 2 && order.project?.id === 103));
    expect(all({ f_manager: 501, f_type_of_work: 2 })).toEqual(expected((order) => order.manager?.id === 501 && order.types_of_work?.[0]?.id === 2));
    expect(all({ f_city: 'portland', f_state: 'me' })).toEqual(expected((order) => order.location?.city === 'Portland' && order.location.state === 'ME'));
  });

  it('sorts by schedule, title, pay, status and updated, both ways, ending on the id', () => {
    const ascending = repository.list({ sort: 'schedule', order: 'asc', per_page: 100 }).results;
    // Orders without a schedule come first ascending.
    expect(ascending.slice(0, 50).every((order) => scheduleOf(order) === null)).toBe(true);
    const descending = repository.list({ sort: 'schedule', order: 'desc', per_page: 100 }).results.map(scheduleOf) as string[];
    expect(descending).toEqual([...descending].sort().reverse());
    const titles = repository.list({ sort: 'title', per_page: 100 }).results.map((order) => (order.title ?? '').toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const pays = repository.list({ sort: 'pay', order: 'desc', per_page: 100 }).results.map((order) => order.pay?.base?.amount ?? -1);
    expect(pays).toEqual([...pays].sort((left, right) => right - left));
    const statuses = repository.list({ sort: 'status', per_page: 100 }).results.map((order) => order.status?.id);
    expect(statuses.slice(0, 5)).toEqual([1, 1, 1, 1, 1]);
    expect(ids(repository.list({ sort: 'updated', order: 'desc', per_page: 3 }).results)).toEqual([500, 499, 498]);
  });

  it('searches title, description text, address, client and ids, every word, the last as a prefix', () => {
    const titled = (word: string) => ORDERS.filter((order) => order.title?.toLowerCase().includes(word)).map((order) => order.id);
    expect(ids(repository.list({ f_search: 'kiosk', per_page: 100 }).results)).toEqual(titled('kiosk'));
    expect(repository.list({ f_search: 'kio' }).total).toBe(titled('kiosk').length);
    expect(repository.list({ f_search: 'ladder' }).total).toBe(500);
    expect(repository.list({ f_search: 'strong' }).total).toBe(0);
    // Order 23 is at 123 Main St: the last word is a prefix anywhere in the indexed text.
    expect(ids(repository.list({ f_search: 'EXT-123' }).results)).toEqual([23, 123]);
    expect(ids(repository.list({ f_search: 'router #457' }).results)).toEqual(titled('router #457'));
    const acme = repository.list({ f_search: 'acme ret', f_state: 'TX', per_page: 100 });
    expect(acme.results.every((order) => order.client?.name === 'Acme Retail' && order.location?.state === 'TX')).toBe(true);
    expect(acme.total).toBe(ORDERS.filter((order) => order.client?.name === 'Acme Retail' && order.location?.state === 'TX').length);
  });

  it('never throws on hostile search text', () => {
    for (const search of ['"', '""', 'a"b', '*', '**', 'NEAR', 'NEAR(a b)', 'a NEAR/2 b', '-', '-kiosk', '(', ')', '(kiosk', 'kiosk)', 'AND', 'OR NOT', 'title:kiosk', '^kiosk', '{title}: x', '😀', 'Ünïcödé 東京', '', '   ', '\u0000', "'; DROP TABLE work_orders; --"]) {
      expect(() => repository.list({ f_search: search })).not.toThrow();
    }
    expect(repository.list({ f_search: '' }).total).toBe(500);
    expect(db.prepare('SELECT COUNT(*) FROM work_orders').pluck().get()).toBe(500);
  });

  it('keeps one search row for an order updated twice: the new title is found, not the old', () => {
    const order = ORDERS[10] as WorkOrder;
    repository.upsertMany([{ ...order, title: 'Calibrate zeppelin' }]);
    repository.upsertMany([{ ...order, title: 'Calibrate dirigible' }]);
    expect(ids(repository.list({ f_search: 'dirigible' }).results)).toEqual([order.id]);
    expect(repository.list({ f_search: 'zeppelin' }).total).toBe(0);
    expect(db.prepare('SELECT COUNT(*) FROM work_orders_search WHERE rowid = ?').pluck().get(order.id)).toBe(1);
    expect(repository.get(order.id)?.title).toBe('Calibrate dirigible');
    repository.upsertMany([order]);
  });

  it('counts every list', () => {
    const counts = repository.counts();
    expect(Object.keys(counts)).toEqual([...WORK_ORDER_LIST_IDS]);
    for (const list of WORK_ORDER_LIST_IDS) expect(counts[list]).toBe(repository.list({ list }).total);
    expect(counts.workorders_all).toBe(500);
  });

  it('answers the counts again without counting until the cache changes', () => {
    const before = repository.counts();
    expect(repository.counts()).toBe(before);
    const draft = { ...(ORDERS[0] as WorkOrder), id: 900_001, status: { id: 1, name: 'Draft' } } as WorkOrder;
    repository.upsertMany([draft]);
    const after = repository.counts();
    expect(after.workorders_all).toBe(before.workorders_all + 1);
    expect(after.workorders_draft).toBe(before.workorders_draft + 1);
    db.prepare('DELETE FROM work_orders WHERE id = ?').run(900_001);
    expect(repository.counts()).toEqual(before);
  });

  it('finds the same orders and total in one pass for a search, page by page and past the end', () => {
    const first = repository.list({ f_search: 'install', per_page: 7 });
    expect(first.total).toBeGreaterThan(7);
    const everyId = new Set<number>();
    for (let page = 1; page <= first.pages; page += 1) {
      const answer = repository.list({ f_search: 'install', per_page: 7, page });
      expect(answer.total).toBe(first.total);
      for (const id of ids(answer.results)) everyId.add(id);
    }
    expect(everyId.size).toBe(first.total);
    expect(repository.list({ f_search: 'install', per_page: 7, page: first.pages + 3 })).toMatchObject({ total: first.total, results: [] });
  });
});
