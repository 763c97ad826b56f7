import { describe, expect, it } from 'vitest';
import { WorkOrderListSchema, WorkOrderListsAnswerSchema } from '../../src-shared/api/work-order-list';
import { testMarketplace, type TestMarketplace } from './support';
import { READY_ORDER, createOrder, giveToAnotherCompany, transition } from './work-orders-fixtures';

// The demo seed may hold orders of its own, so each test marks its orders with a word of its own
// in the title and reads them back with `f_search`, or compares counts before and after.

async function createMarked(rest: TestMarketplace['rest'], mark: string, count: number, body: (index: number) => object = () => ({})): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index++) ids.push(await createOrder(rest, { ...READY_ORDER, title: `${mark} ${index}`, ...body(index) }));
  return ids;
}

const listIds = (answer: { body: { results: { id: number }[] } }) => answer.body.results.map((order) => order.id);

describe('GET workorders', () => {
  it('pages with the metadata of decisions §3, newest first by default', async () => {
    const { rest } = await testMarketplace();
    const ids = await createMarked(rest, 'Pagination', 7);
    const first = await rest('GET', 'workorders?f_search=Pagination&per_page=3');
    expect(first.status).toBe(200);
    expect(WorkOrderListSchema.safeParse(first.body).success).toBe(true);
    expect(first.body.metadata).toMatchObject({ total: 7, page: 1, pages: 3, per_page: 3, sort: 'id', order: 'desc', list: 'workorders_all', view: 'list' });
    expect(first.body.metadata.columns).toEqual(expect.any(String));
    expect(first.body.metadata.available_columns[0]).toMatchObject({ group: expect.any(String), items: expect.any(Array) });
    expect(first.body.metadata.available_filters.map((filter: { id: string }) => filter.id)).toContain('f_saved_location');
    expect(first.body.metadata.timings[0]).toMatchObject({ name: 'query', time: expect.any(Number) });
    expect(first.body.actions).toEqual(['create']);
    expect(listIds(first)).toEqual(ids.slice(4).reverse());
    const last = await rest('GET', 'workorders?f_search=Pagination&per_page=3&page=3');
    expect(listIds(last)).toEqual([ids[0]]);
    const beyond = await rest('GET', 'workorders?f_search=Pagination&per_page=3&page=9');
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.metadata).toMatchObject({ total: 7, page: 9, pages: 3 });
  });

  it('answers list items shaped as the full order, with live statuses', async () => {
    const { rest } = await testMarketplace();
    const [id] = await createMarked(rest, 'Itemshape', 1);
    const before = (await rest('GET', 'workorders?f_search=Itemshape')).body.results[0];
    expect(before).toMatchObject({ id, title: 'Itemshape 0', status: { id: 1, name: 'Draft' }, type_of_work: { id: 62 }, location: { city: 'Chicago' }, pay: { base: { amount: 240 } } });
    expect(before.schedule.service_window.start.local).toEqual({ date: '2030-01-15', time: '09:00:00' });
    await transition(rest, 'POST', id as number, '/publish');
    const after = (await rest('GET', 'workorders?f_search=Itemshape')).body.results[0];
    expect(after.status).toMatchObject({ id: 2, name: 'Published' });
    expect(after.actions).toContain('unpublish');
  });

  it('sorts by each field both ways, ties broken by id', async () => {
    const { rest } = await testMarketplace();
    const schedules = ['2030-03-01 10:00:00', '2030-01-01 10:00:00', '2030-02-01 10:00:00'];
    const ids = await createMarked(rest, 'Sorting', 3, (index) => ({
      title: `Sorting ${['b', 'C', 'a'][index]}`,
      pay: { type: 'fixed', base: { amount: [300, 100, 200][index] } },
      schedule: { service_window: { mode: 'exact', start: { utc: schedules[index] } } },
    }));
    await transition(rest, 'POST', ids[2] as number, '/publish');
    const sorted = async (query: string) => listIds(await rest('GET', `workorders?f_search=Sorting&${query}`));
    const [b, c, a] = ids;
    expect(await sorted('sort=title')).toEqual([a, b, c]);
    expect(await sorted('sort=title&order=desc')).toEqual([c, b, a]);
    expect(await sorted('sort=pay')).toEqual([c, a, b]);
    expect(await sorted('sort=schedule&order=desc')).toEqual([b, a, c]);
    expect(await sorted('sort=id&order=asc')).toEqual([b, c, a]);
    expect(await sorted('sort=created_date')).toEqual([b, c, a]);
    // Published sorts after Draft; the drafts keep id order.
    expect(await sorted('sort=status')).toEqual([b, c, a]);
    expect(await sorted('sort=status&order=desc')).toEqual([a, c, b]);
  });

  it('filters by each filter of decisions §3', async () => {
    const { rest } = await testMarketplace();
    const [chicago, austin, draft] = await createMarked(rest, 'Filtering', 3, (index) =>
      [
        { manager: { id: 2002 } },
        { types_of_work: [{ id: 4, isPrimary: true }, { id: 54, isPrimary: false }], service_types: [], location: { ...READY_ORDER.location, city: 'Austin', state: 'TX' } },
        { title: 'Filtering draft' },
      ][index] ?? {},
    );
    const filtered = async (query: string) => listIds(await rest('GET', `workorders?f_search=Filtering&${query}`));
    expect(await filtered(`f_work_order_id=${austin}`)).toEqual([austin]);
    expect(await filtered('f_city=austin')).toEqual([austin]);
    expect(await filtered('f_state=TX')).toEqual([austin]);
    expect(await filtered('f_country=us')).toEqual([draft, austin, chicago]);
    expect(await filtered('f_country=GB')).toEqual([]);
    expect(await filtered('f_manager=2002')).toEqual([chicago]);
    expect(await filtered('f_type_of_work=54')).toEqual([austin]);
    expect(await filtered('f_type_of_work=62')).toEqual([draft, chicago]);
    expect(listIds(await rest('GET', 'workorders?f_search=filtering%20draft'))).toEqual([draft]);
    expect(listIds(await rest('GET', `workorders?f_search=${chicago}`))).toContain(chicago);
    // LIKE's own wildcards are searched for literally.
    expect(listIds(await rest('GET', 'workorders?f_search=Filter%25ing'))).toEqual([]);
    await transition(rest, 'POST', chicago as number, '/publish');
    expect(await filtered('list=workorders_draft')).toEqual([draft, austin]);
    expect(await filtered('list=workorders_published_routed')).toEqual([chicago]);
    expect(await filtered('list=workorders_in_flight')).toEqual([chicago]);
    expect(await filtered('list=workorders_assigned')).toEqual([]);
  });

  it('refuses per_page over 100, a bad sort, list or page with 400; ignores unknown parameters', async () => {
    const { rest } = await testMarketplace();
    const cases: [string, string][] = [
      ['per_page=101', 'per_page'],
      ['per_page=0', 'per_page'],
      ['per_page=ten', 'per_page'],
      ['page=0', 'page'],
      ['page=9007199254740991', 'page'],
      ['sort=colour', 'sort'],
      ['order=sideways', 'order'],
      ['list=workorders_everything', 'list'],
      ['f_client=abc', 'f_client'],
    ];
    for (const [query, fields] of cases) {
      const answer = await rest('GET', `workorders?${query}`);
      expect({ query, status: answer.status, fields: answer.body.fields }).toEqual({ query, status: 400, fields });
    }
    const ignored = await rest('GET', 'workorders?per_page=100&colour=red&sticky=1&view=list&columns=id,title');
    expect(ignored.status).toBe(200);
    expect(ignored.body.metadata).toMatchObject({ per_page: 100, columns: 'id,title' });
  });

  it("shows only the caller's company", async () => {
    const { rest, marketplace } = await testMarketplace();
    const [mine, theirs] = await createMarked(rest, 'Companies', 2);
    giveToAnotherCompany(marketplace, theirs as number);
    expect(listIds(await rest('GET', 'workorders?f_search=Companies'))).toEqual([mine]);
    expect(listIds(await rest('GET', `workorders?f_work_order_id=${theirs}`))).toEqual([]);
  });
});

describe('GET workorders/lists', () => {
  it('counts each list, and counts follow the changes', async () => {
    const { rest } = await testMarketplace();
    const counts = async () => {
      const answer = await rest('GET', 'workorders/lists');
      expect(answer.status).toBe(200);
      expect(WorkOrderListsAnswerSchema.safeParse(answer.body).success).toBe(true);
      return Object.fromEntries(answer.body.results.map((list: { id: string; label: string; count: number }) => [list.id, list.count]));
    };
    const before = await counts();
    expect(Object.keys(before)).toEqual([
      'workorders_all', 'workorders_draft', 'workorders_published_routed', 'workorders_assigned', 'workorders_work_done',
      'workorders_approved', 'workorders_in_flight', 'workorders_problem', 'workorders_cancelled',
    ]);
    const [published, cancelled] = await createMarked(rest, 'Counting', 3);
    await transition(rest, 'POST', published as number, '/publish');
    await transition(rest, 'DELETE', cancelled as number, '', { cancel_reason: 1 });
    const after = await counts();
    const delta = Object.fromEntries(Object.keys(after).map((list) => [list, after[list] - before[list]]));
    expect(delta).toEqual({
      workorders_all: 3, workorders_draft: 1, workorders_published_routed: 1, workorders_assigned: 0, workorders_work_done: 0,
      workorders_approved: 0, workorders_in_flight: 1, workorders_problem: 0, workorders_cancelled: 1,
    });
  });
});
